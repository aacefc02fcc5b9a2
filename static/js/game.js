// The game page: draws units and orders on the board, lets a player click or type
// orders (checked against the adjudicator's legal list and its messages), and keeps
// the page live: a websocket says "version n", and the page re-fetches what this
// viewer may see. Nothing secret ever arrives on the socket.
"use strict";

(function () {
  const root = document.querySelector(".game");
  if (!root) return;
  const svg = document.getElementById("board");
  const anchors = JSON.parse(document.getElementById("map-anchors").textContent).units;
  const NS = "http://www.w3.org/2000/svg";
  let state = readState();
  let selected = null; // {unit: "A par", province: "par", mode, supported?, army?}
  let busy = false;
  // Django's JavaScript catalog (jsi18n) provides gettext in the page's language.
  const gettext = window.gettext || ((s) => s);

  function readState() {
    return JSON.parse(document.getElementById("game-state").textContent);
  }

  function csrf() {
    const m = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
    return m ? decodeURIComponent(m[1]) : "";
  }

  async function post(url, body) {
    const response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrf() },
      body: JSON.stringify(body),
      credentials: "same-origin",
    });
    let data = {};
    try { data = await response.json(); } catch (e) { data = { message: response.statusText }; }
    return { ok: response.ok, data };
  }

  // -- drawing ----------------------------------------------------------------

  const province = (loc) => loc.split("/")[0];
  const point = (loc) => anchors[loc] || anchors[province(loc)];

  function el(name, attrs, parent) {
    const node = document.createElementNS(NS, name);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
    if (parent) parent.appendChild(node);
    return node;
  }

  function drawOwners(centers) {
    svg.querySelectorAll("#provinces .prov").forEach((p) => p.removeAttribute("data-owner"));
    svg.querySelectorAll("#centers .sc").forEach((c) => c.removeAttribute("data-owner"));
    for (const [power, list] of Object.entries(centers || {})) {
      for (const c of list) {
        const path = svg.querySelector(`#provinces [data-province="${c}"]`);
        if (path) path.setAttribute("data-owner", power);
        const dot = svg.querySelector(`#centers [data-center="${c}"]`);
        if (dot) dot.setAttribute("data-owner", power);
      }
    }
  }

  function drawUnit(layer, power, text, extraClass) {
    const [kind, loc] = text.split(" ");
    const at = point(loc);
    if (!at) return;
    const g = el("g", { class: `unit power-${power} ${extraClass || ""}`, "data-unit": loc }, layer);
    if (kind === "F") {
      el("rect", { x: at[0] - 9, y: at[1] - 6, width: 18, height: 12, rx: 3 }, g);
    } else {
      el("circle", { cx: at[0], cy: at[1], r: 8 }, g);
    }
    const t = el("text", { x: at[0], y: at[1] + 3.5 }, g);
    t.textContent = kind;
  }

  function drawUnits(phase) {
    const layer = svg.querySelector("#units");
    layer.replaceChildren();
    for (const [power, units] of Object.entries(phase.units || {})) {
      for (const u of units) drawUnit(layer, power, u, "");
    }
    for (const [power, list] of Object.entries(phase.dislodged || {})) {
      for (const d of list) drawUnit(layer, power, d.unit, "dislodged");
    }
  }

  function line(layer, from, to, cls) {
    const a = point(from), b = point(to);
    if (!a || !b) return null;
    // Stop short of the target so the arrowhead does not hide the unit.
    const dx = b[0] - a[0], dy = b[1] - a[1], len = Math.hypot(dx, dy) || 1;
    const end = [b[0] - (dx / len) * 10, b[1] - (dy / len) * 10];
    return el("line", { x1: a[0], y1: a[1], x2: end[0], y2: end[1], class: cls,
      "marker-end": cls.includes("failed") ? "url(#arrow-failed)" : "url(#arrow)" }, layer);
  }

  // Parse canonical order text: "A par - bur", "A x S A y - z", "F n C A a - b", "A b R g".
  function parseOrder(text) {
    const t = text.split(" ");
    if (t[0] === "WAIVE") return { kind: "waive" };
    const unit = t[1];
    if (t[2] === "-") return { kind: "move", unit, dest: t[3] };
    if (t[2] === "R") return { kind: "move", unit, dest: t[3] };
    if (t[2] === "S") return { kind: "support", unit, target: t[4], dest: t[6] || null };
    if (t[2] === "C") return { kind: "convoy", unit, target: t[4], dest: t[6] };
    if (t[2] === "B") return { kind: "build", unit };
    if (t[2] === "D") return { kind: "disband", unit };
    return { kind: "hold", unit };
  }

  function drawOrders(orders, failedSet) {
    const layer = svg.querySelector("#orders");
    layer.replaceChildren();
    for (const text of orders) {
      const o = parseOrder(text);
      const failed = failedSet && failedSet.has(text) ? " failed" : "";
      if (o.kind === "move") line(layer, o.unit, o.dest, "order move" + failed);
      else if (o.kind === "support") {
        line(layer, o.unit, o.dest || o.target, "order support" + failed);
      } else if (o.kind === "convoy") line(layer, o.unit, o.dest, "order convoy" + failed);
      else if (o.kind === "hold") {
        const a = point(o.unit);
        if (a) el("circle", { cx: a[0], cy: a[1], r: 12, class: "order hold" + failed }, layer);
      } else if (o.kind === "disband" || o.kind === "build") {
        const a = point(o.unit);
        if (a) el("circle", { cx: a[0], cy: a[1], r: 13, class: `order ${o.kind}` + failed }, layer);
      }
    }
  }

  function render() {
    const phase = state.phase;
    if (!phase) return;
    drawOwners(phase.centers);
    drawUnits(phase);
    if (phase.results) {
      const failed = new Set(phase.results.filter((r) => r.result !== "ok").map((r) => r.order));
      drawOrders(phase.results.map((r) => r.order), failed);
    } else {
      const all = [];
      for (const list of Object.values(phase.orders || {})) all.push(...list);
      drawOrders(all, null);
    }
    highlight();
  }

  // -- ordering -----------------------------------------------------------------

  function myLegal() {
    return (state.me && state.phase && state.phase.is_current && state.me.legal) || {};
  }

  function highlight() {
    svg.querySelectorAll(".prov.selected, .prov.target").forEach((p) =>
      p.classList.remove("selected", "target"));
    if (!selected) return;
    const own = svg.querySelector(`#provinces [data-province="${selected.province}"]`);
    if (own) own.classList.add("selected");
    for (const text of myLegal()[selected.province] || []) {
      const o = parseOrder(text);
      if (o.kind === "move" && selected.mode === "move") {
        const p = svg.querySelector(`#provinces [data-province="${province(o.dest)}"]`);
        if (p) p.classList.add("target");
      }
    }
  }

  // The last message, kept so that a panel refresh arriving just after it does not wipe it.
  let lastError = { text: "", at: 0 };
  function setError(message) {
    lastError = { text: message || "", at: Date.now() };
    const box = document.getElementById("order-error");
    if (box) box.textContent = message || "";
  }

  function unitAt(prov) {
    const legal = myLegal()[prov];
    if (!legal || !legal.length) return null;
    const first = legal[0].split(" ");
    return first[0] === "WAIVE" ? null : `${first[0]} ${first[1]}`;
  }

  function anyUnitAt(prov) {
    for (const units of Object.values(state.phase.units || {})) {
      for (const u of units) if (province(u.split(" ")[1]) === prov) return u;
    }
    return null;
  }

  function chooseCoast(candidates) {
    if (candidates.length <= 1) return candidates[0] || null;
    const labels = candidates.map((c, i) => `${i + 1}: ${c}`).join("\n");
    const pick = window.prompt(labels, "1");
    const n = parseInt(pick || "", 10);
    return candidates[n - 1] || null;
  }

  function onProvinceClick(prov, event) {
    const legal = myLegal();
    if (!Object.keys(legal).length) return;
    const kind = state.phase.kind;
    if (kind === "A") {
      const options = legal[prov];
      if (!options) return setError("");
      const text = chooseCoast(options);
      if (text) addOrder(text);
      return;
    }
    if (!selected) {
      const unit = unitAt(prov);
      if (!unit) return setError(gettext("Click one of your own units first."));
      selected = { unit, province: prov, mode: "move" };
      setError("");
      return highlight();
    }
    const options = legal[selected.province] || [];
    let wanted = [];
    if (selected.mode === "move" && event.shiftKey && kind === "M") {
      const other = anyUnitAt(prov);
      if (!other) return setError(gettext("There is no unit there to support."));
      selected = { ...selected, mode: "support", supported: other };
      return setError(gettext("Now click where the supported unit goes (or the unit itself, to hold)."));
    }
    if (selected.mode === "move" && event.altKey && kind === "M") {
      const other = anyUnitAt(prov);
      if (!other || other[0] !== "A") return setError(gettext("Click the army to convoy."));
      selected = { ...selected, mode: "convoy", army: other };
      return setError(gettext("Now click where the army goes."));
    }
    if (selected.mode === "support") {
      const target = province(selected.supported.split(" ")[1]);
      wanted = prov === target
        ? options.filter((o) => o === `${selected.unit} S ${selected.supported}`)
        : options.filter((o) => o.startsWith(`${selected.unit} S ${selected.supported} - `) &&
            province(o.split(" ").pop()) === prov);
    } else if (selected.mode === "convoy") {
      wanted = options.filter((o) => o === `${selected.unit} C ${selected.army} - ${prov}`);
    } else if (prov === selected.province) {
      wanted = options.filter((o) => o.endsWith(" H") || o.endsWith(" D"));
    } else {
      wanted = options.filter((o) => {
        const p = parseOrder(o);
        return p.kind === "move" && province(p.dest) === prov && !o.endsWith("via convoy");
      });
      if (!wanted.length) {
        wanted = options.filter((o) => parseOrder(o).kind === "move" && province(parseOrder(o).dest) === prov);
      }
    }
    const text = chooseCoast(wanted);
    selected = null;
    highlight();
    if (!text) return setError(gettext("That order is not possible."));
    addOrder(text);
  }

  function orderKey(text) {
    const o = parseOrder(text);
    return o.kind === "waive" ? `waive-${Math.random()}` : province(o.unit);
  }

  async function saveOrders(list) {
    if (busy) return;
    busy = true;
    const { ok, data } = await post(root.dataset.ordersUrl, { orders: list, phase: undefined });
    busy = false;
    if (!ok) {
      const problems = (data.problems || []).map((p) => `${p.order}: ${p.message}`).join("; ");
      setError(problems || data.message);
      return;
    }
    setError("");
    await refresh();
  }

  function addOrder(text) {
    const current = (state.me && state.me.orders) || [];
    const key = orderKey(text);
    const next = current.filter((o) => orderKey(o) !== key);
    next.push(text);
    saveOrders(next);
  }

  function removeOrder(text) {
    saveOrders(((state.me && state.me.orders) || []).filter((o) => o !== text));
  }

  async function checkTyped(input) {
    const text = input.value.trim();
    if (!text) return;
    const { data } = await post(root.dataset.checkUrl, { order: text });
    if (data.ok) {
      input.value = "";
      addOrder(data.order);
    } else {
      setError(data.message);
    }
  }

  // -- the panel, the clock and the live channel ------------------------------------

  function bindPanel() {
    const input = document.getElementById("order-input");
    const form = document.getElementById("order-form");
    if (form && input) {
      form.addEventListener("submit", (e) => { e.preventDefault(); checkTyped(input); });
      input.addEventListener("keydown", (e) => {
        if (e.key === "Enter") { e.preventDefault(); checkTyped(input); }
      });
    }
    document.querySelectorAll("[data-remove]").forEach((b) =>
      b.addEventListener("click", () => removeOrder(b.dataset.remove)));
    const readyForm = document.getElementById("ready-form");
    if (readyForm) {
      readyForm.addEventListener("submit", async (e) => {
        e.preventDefault();
        const ready = readyForm.querySelector("[name=ready]").value === "1";
        const { ok, data } = await post(root.dataset.readyUrl, { ready });
        if (!ok) setError(data.message);
        await refresh();
      });
    }
    const select = document.getElementById("phase-select");
    if (select) {
      select.addEventListener("change", () => {
        const last = state.phases.length ? state.phases[state.phases.length - 1].index : 0;
        const url = new URL(window.location.href);
        if (Number(select.value) === last) url.searchParams.delete("phase");
        else url.searchParams.set("phase", select.value);
        window.history.pushState({}, "", url);
        refresh();
      });
    }
    tick();
  }

  function tick() {
    const time = document.getElementById("deadline");
    const out = document.getElementById("countdown");
    if (!time || !out) return;
    const deadline = new Date(time.getAttribute("datetime"));
    // The deadline in the viewer's own timezone, and the time left.
    time.textContent = deadline.toLocaleString(document.documentElement.lang || undefined,
      { dateStyle: "medium", timeStyle: "short" });
    const left = Math.max(0, Math.floor((deadline - new Date()) / 1000));
    const h = Math.floor(left / 3600), m = Math.floor((left % 3600) / 60), s = left % 60;
    out.textContent = left > 0 ? `(${h}:${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")})` : "";
  }
  setInterval(tick, 1000);

  async function refresh() {
    const response = await fetch(window.location.href, { credentials: "same-origin" });
    if (!response.ok) return;
    const html = await response.text();
    const doc = new DOMParser().parseFromString(html, "text/html");
    const panel = doc.getElementById("panel");
    if (!panel) return;
    document.getElementById("panel").replaceWith(panel);
    const help = doc.getElementById("map-help");
    if (help) document.getElementById("map-help").replaceWith(help);
    state = readState();
    render();
    bindPanel();
    if (lastError.text && Date.now() - lastError.at < 4000) setError(lastError.text);
  }

  let socket = null;
  let retry = 1000;
  function connect() {
    const scheme = window.location.protocol === "https:" ? "wss" : "ws";
    socket = new WebSocket(`${scheme}://${window.location.host}${root.dataset.wsPath}`);
    socket.addEventListener("open", () => { retry = 1000; });
    socket.addEventListener("message", (event) => {
      const message = JSON.parse(event.data);
      if (message.type === "game.changed" && message.version > state.game.version) refresh();
    });
    socket.addEventListener("close", () => {
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 30000);
    });
  }

  svg.querySelectorAll("#provinces .prov").forEach((p) =>
    p.addEventListener("click", (e) => onProvinceClick(p.dataset.province, e)));
  svg.addEventListener("click", (e) => {
    const unit = e.target.closest && e.target.closest("[data-unit]");
    if (unit) onProvinceClick(province(unit.dataset.unit), e);
  });
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape") { selected = null; highlight(); setError(""); }
  });
  window.addEventListener("popstate", refresh);
  render();
  bindPanel();
  connect();
})();
