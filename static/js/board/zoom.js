// Zoom and pan for a board: buttons (+, −, the whole board), Ctrl and the wheel (a
// trackpad's pinch sends the same), two fingers pinching on a touch screen, and a drag to
// pan once zoomed in. It changes the SVG's viewBox only, so every layer and every click
// target scales with it (a tap on a province still names that province). A drag is not a
// tap: the click that ends it is swallowed. Unzoomed, a finger on the map still scrolls
// the page up and down (touch-action: pan-y); zoomed in, the map keeps the finger.

const MAX_SCALE = 6;
const STEP = 1.5;
const DRAG = 6; // px a pointer moves before it pans rather than taps
// Screen pixels per board unit at which a unit's marker (16 to 18 units across) is 20 px and a
// province's label (11 units high) over 10 px: "My area" zooms the player's own part of the
// board (``area``) to this, at least.
const READABLE = 20 / 16;
// A board drawn narrower than this (CSS px) is on a phone: unzoomed, its markers are dots.
const PHONE = 600;

// ``options.key``: where this page keeps its view between loads (sessionStorage: this
// tab only); ``options.area()``: the player's own part of the board, {x, y, w, h} in
// board units, or null (an observer, a board without his pieces). On a phone the board
// opens on that part, readable; elsewhere, and without one, on the whole board.
export function enableZoom(svg, controls, options = {}) {
  const [x0, y0, w0, h0] = svg.getAttribute("viewBox").split(/[\s,]+/).map(Number);
  let view = { x: x0, y: y0, w: w0, h: h0 };
  const { key = null, area = () => null } = options;
  const pointers = new Map();
  let gesture = null; // {kind: "pan"|"pinch", ...} while fingers are down
  let dragged = false;

  const scale = () => w0 / view.w;

  // ``keep``: the view is one the player chose, kept for this page's next load. The view
  // a page opens on by default is not: the next load works it out again (his area moves
  // with his units).
  function apply(keep = true) {
    svg.setAttribute("viewBox", `${view.x} ${view.y} ${view.w} ${view.h}`);
    if (key && keep) {
      try {
        window.sessionStorage.setItem(key, JSON.stringify(view));
      } catch (e) {
        // Storage refused (a private window's quota): the view is only not kept.
      }
    }
    const zoomed = scale() > 1.001;
    svg.classList.toggle("zoomed", zoomed);
    svg.style.touchAction = zoomed ? "none" : "pan-y";
    if (controls) {
      const out = controls.querySelector('[data-zoom="out"]');
      const reset = controls.querySelector('[data-zoom="reset"]');
      const into = controls.querySelector('[data-zoom="in"]');
      if (out) out.disabled = !zoomed;
      if (reset) reset.disabled = !zoomed;
      if (into) into.disabled = scale() >= MAX_SCALE - 0.001;
    }
  }

  // Keep the view inside the board.
  function clamp(v) {
    const w = Math.min(w0, Math.max(w0 / MAX_SCALE, v.w));
    const h = w * (h0 / w0);
    const x = Math.min(x0 + w0 - w, Math.max(x0, v.x));
    const y = Math.min(y0 + h0 - h, Math.max(y0, v.y));
    return { x, y, w, h };
  }

  // The board's point under a point of the screen (the drawing may be letterboxed in
  // its box: the SVG's own transform knows where).
  function boardPoint(clientX, clientY) {
    const m = svg.getScreenCTM();
    if (!m) return { x: view.x + view.w / 2, y: view.y + view.h / 2 };
    const p = new DOMPoint(clientX, clientY).matrixTransform(m.inverse());
    return { x: p.x, y: p.y };
  }

  // Screen pixels per board unit, as drawn now.
  function pixelsPerUnit() {
    const m = svg.getScreenCTM();
    return m ? m.a : svg.getBoundingClientRect().width / view.w;
  }

  // Zoom by ``factor`` keeping the board's point under (clientX, clientY) in place.
  function zoomAt(factor, clientX, clientY) {
    const r = svg.getBoundingClientRect();
    const cx = clientX === undefined ? r.left + r.width / 2 : clientX;
    const cy = clientY === undefined ? r.top + r.height / 2 : clientY;
    const p = boardPoint(cx, cy);
    const w = Math.min(w0, Math.max(w0 / MAX_SCALE, view.w / factor));
    const h = w * (h0 / w0);
    const k = w / view.w;
    view = clamp({ x: p.x - (p.x - view.x) * k, y: p.y - (p.y - view.y) * k, w, h });
    apply();
  }

  function reset() {
    view = { x: x0, y: y0, w: w0, h: h0 };
    apply();
  }

  // The player's part of the board, centred, as much of the board around it as can be
  // read (a larger part is panned).
  function toArea(keep = true) {
    const box = area();
    if (!box) return false;
    const drawn = svg.getBoundingClientRect().width || w0;
    const w = Math.max(w0 / MAX_SCALE, Math.min(w0, drawn / READABLE));
    const h = w * (h0 / w0);
    view = clamp({ x: box.x + box.w / 2 - w / 2, y: box.y + box.h / 2 - h / 2, w, h });
    apply(keep);
    return true;
  }

  // Where the page opens: the view it had in this tab before (a reload, a return); else,
  // on a phone, the player's own area, where his units can be read and tapped; else the
  // whole board.
  function open() {
    const kept = key ? window.sessionStorage.getItem(key) : null;
    if (kept) {
      try {
        const v = JSON.parse(kept);
        if ([v.x, v.y, v.w, v.h].every(Number.isFinite)) {
          view = clamp(v);
          apply();
          return;
        }
      } catch (e) {
        // A view kept by another version of the page: opened as new.
      }
    }
    const drawn = svg.getBoundingClientRect().width;
    if (drawn && drawn < PHONE && toArea(false)) return;
    apply(false);
  }

  if (controls) {
    controls.hidden = false;
    controls.addEventListener("click", (e) => {
      const button = e.target.closest("[data-zoom]");
      if (!button) return;
      const what = button.dataset.zoom;
      if (what === "in") zoomAt(STEP);
      else if (what === "out") zoomAt(1 / STEP);
      else if (what === "mine") toArea();
      else reset();
    });
    // "My area" only where the player has one on this board.
    const mine = controls.querySelector('[data-zoom="mine"]');
    if (mine) mine.hidden = !area();
  }

  svg.addEventListener("wheel", (e) => {
    if (!e.ctrlKey) return; // a plain wheel scrolls the page
    e.preventDefault();
    zoomAt(Math.exp(-e.deltaY / 200), e.clientX, e.clientY);
  }, { passive: false });

  svg.addEventListener("pointerdown", (e) => {
    pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pointers.size === 1) {
      dragged = false;
      gesture = { kind: "pan", start: { x: e.clientX, y: e.clientY }, view: { ...view }, ppu: pixelsPerUnit() };
    } else if (pointers.size === 2) {
      const [a, b] = [...pointers.values()];
      gesture = { kind: "pinch", distance: Math.hypot(a.x - b.x, a.y - b.y), view: { ...view } };
      dragged = true; // two fingers never tap
    }
  });

  svg.addEventListener("pointermove", (e) => {
    if (!pointers.has(e.pointerId) || !gesture) return;
    pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (gesture.kind === "pinch" && pointers.size >= 2) {
      const [a, b] = [...pointers.values()];
      const distance = Math.hypot(a.x - b.x, a.y - b.y);
      if (!gesture.distance) return;
      const wanted = gesture.view.w / (distance / gesture.distance);
      const factor = view.w / wanted;
      zoomAt(factor, (a.x + b.x) / 2, (a.y + b.y) / 2);
      return;
    }
    if (gesture.kind !== "pan" || scale() <= 1.001) return;
    const dx = e.clientX - gesture.start.x;
    const dy = e.clientY - gesture.start.y;
    if (!dragged && Math.hypot(dx, dy) < DRAG) return;
    dragged = true;
    view = clamp({
      ...gesture.view,
      x: gesture.view.x - dx / gesture.ppu,
      y: gesture.view.y - dy / gesture.ppu,
    });
    apply();
  });

  const lift = (e) => {
    pointers.delete(e.pointerId);
    if (pointers.size === 0) gesture = null;
    else if (pointers.size === 1) {
      const [p] = [...pointers.values()];
      gesture = { kind: "pan", start: { x: p.x, y: p.y }, view: { ...view }, ppu: pixelsPerUnit() };
    }
  };
  svg.addEventListener("pointerup", lift);
  svg.addEventListener("pointercancel", lift);
  svg.addEventListener("pointerleave", lift);

  // The click that ends a drag or a pinch is no order.
  svg.addEventListener("click", (e) => {
    if (dragged) {
      e.stopPropagation();
      e.preventDefault();
      dragged = false;
    }
  }, true);

  open();
  return { zoomAt, reset, scale, toArea };
}
