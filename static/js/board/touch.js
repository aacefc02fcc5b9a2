// A finger is wider than most provinces on a phone's unzoomed board. A tap therefore
// reaches every province within half a finger's width of it, so that a small province
// is a target of about 40 CSS px at any zoom; the page (game.js) keeps the ones the tap
// could mean at this step and, when a small one is among several, asks which.

// Half a finger's width, in CSS px.
export const REACH = 20;

// A tap by a finger or a pen, not a mouse (a click's pointerType; Chrome and Firefox
// send clicks as PointerEvents).
export function isTouch(event) {
  return event.pointerType === "touch" || event.pointerType === "pen";
}

// The provinces within REACH of a tap on the board, the tapped one first.
export function provincesNear(svg, event, tapped) {
  const found = [tapped];
  const { clientX: x, clientY: y } = event;
  for (const radius of [REACH / 2, REACH]) {
    for (let i = 0; i < 12; i += 1) {
      const angle = (i * Math.PI) / 6;
      const hit = document.elementFromPoint(x + radius * Math.cos(angle), y + radius * Math.sin(angle));
      const prov = provinceOf(svg, hit);
      if (prov && !found.includes(prov)) found.push(prov);
    }
  }
  return found;
}

function provinceOf(svg, element) {
  const piece = element && element.closest && element.closest("[data-province], [data-center], [data-unit]");
  if (!piece || !svg.contains(piece)) return null;
  const location = piece.dataset.province || piece.dataset.center || piece.dataset.unit;
  return location.split("/")[0];
}

// Whether a province is narrower on the screen, at the board's zoom now, than a finger.
export function smallOnScreen(svg, prov) {
  const shape = svg.querySelector(`#provinces [data-province="${prov}"]`);
  if (!shape) return false;
  const box = shape.getBoundingClientRect();
  return Math.min(box.width, box.height) < 2 * REACH;
}
