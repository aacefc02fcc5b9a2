// The history played as an animation on one board (the game page) or on several boards
// in step (the duel page: one set of controls, each board a "track"). Each phase
// is shown in steps: the position going in with the orders drawn, then the results
// (failed orders marked, the units dislodged marked), then the position coming out; its
// name and its results in words (the state API's ?words=true, in the reader's language)
// beside the controls. Play and pause, step back and forward, first and last, a speed;
// the keyboard's Left, Right, Home, End and Space do the same. The controls sit by the
// history in the page's panel, which the page fetches again as the game changes: they are
// looked up at each use and painted again from here (update).
//
// What a phase shows is what the state API gives this viewer (games.visibility decides),
// its board's pieces at each step as the server drew them for him (the game's board
// address, games.selectors.board_steps): each phase is fetched once and kept, the next one while the one before plays. The open
// phase of a running game is never drawn here: arriving at it ends the replay and the page
// shows it as it always does (the viewer's own orders, nobody else's).
//
// The address follows the phase on show (history.replaceState, ?phase=N), so it can be
// copied and shared; once the replay rests on a phase the page's panel (its notes, its
// results table, its downloads) follows it too (onRest), fetched as the page fetches
// itself.
//
// On several boards a step names each board's phase in it (games.selectors.link_steps):
// its own, or, when it has none there (no retreats to play, or not begun yet), the last
// it had, shown as it stood after it and said so in words beside that board.
import { format, getJson, gettext } from "./lib/transport.js";

// How long each step stays on screen at normal speed, in ms.
const STEP_TIME = { orders: 1500, results: 1700, after: 1000 };
// How long the replay rests on a phase before the page's panel follows it.
const REST_TIME = 700;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const ngettext = window.ngettext || ((one, many, n) => (n === 1 ? one : many));

// A result worth a line of the short list: all but the holds that stood (a phase's
// defaults, mostly), which are counted instead.
const worthALine = (r) => r.result !== "ok" || !/ H$/.test(r.order);

// A text field (the orders box, press, a select): keys there are the field's own.
function typingIn(target) {
  if (!target || !(target instanceof Element)) return false;
  return Boolean(target.closest("input, textarea, select, [contenteditable=''], [contenteditable=true]"));
}

// ctx: { steps(), pageIndex(), tracks(), onExit(), onRest(index), onShow?(step) }
//   steps(): the history, [{ index, name, present?, ... }]: ``index`` is what the address
//     names (?phase=); ``present``, a step still open (the page's own, never drawn here).
//   tracks(): the boards, [{ key, svg(), board(), stateUrl, boardUrl, at(step), beforeDraw?(),
//     results?(), note?() }]: ``at(step)`` is the board's phase there, { index, own, words }
//     or null (nothing to show yet); ``results()`` the list for its results in words,
//     ``note()`` where its words go.
export function createReplay(ctx) {
  const controls = () => document.getElementById("replay");
  const cache = new Map(); // "state URL phase index" -> Promise of its state (adjudicated only)
  let active = false; // the boards show the replay (not the page's own phase)
  let playing = false;
  let run = 0; // bumped by every action: an older play loop or step sees it and stops
  let at = null; // position in ctx.steps() of the step on show
  // The step last asked for: a key pressed again before it is on show steps from it.
  let aim = null;
  let step = null; // "orders", "results" or "after"
  let shown = null; // what each board shows: [{ track, phase, own, words }]
  let restTimer = null;

  const phases = () => ctx.steps() || [];
  const tracks = () => ctx.tracks() || [];
  let speed = 1; // kept here: the panel, and its select, may be replaced meanwhile

  // Where the page's own phase is in the history (the replay starts from there).
  function pagePosition() {
    const list = phases();
    const found = list.findIndex((p) => p.index === ctx.pageIndex());
    return found >= 0 ? found : list.length - 1;
  }

  // A board's phase as this viewer may see it, fetched once (the open phase every time:
  // it changes as orders are saved, and is only asked for to learn that it is open): its
  // state (its words, its results) and its pieces at each step as the server drew them
  // for him (``drawn``, the board's address: the replay draws none of it).
  function loadPhase(track, index) {
    const key = `${track.stateUrl} ${index}`;
    if (cache.has(key)) return cache.get(key);
    const promise = Promise.all([
      getJson(track.stateUrl, { phase: String(index), words: "true" }),
      getJson(track.boardUrl, { phase: String(index) }),
    ]).then(
      ([data, board]) => {
        const phase = data && data.phase && board ? { ...data.phase, drawn: board.steps } : null;
        if (!phase || phase.is_current) cache.delete(key);
        return phase;
      },
      (error) => {
        cache.delete(key); // no connection: asked again next time
        throw error;
      });
    cache.set(key, promise);
    return promise;
  }

  // What every board shows at the step at ``position``: null if one could not be read;
  // "present" if the step is the open one (the replay ends there).
  async function load(position) {
    const ref = phases()[position];
    if (!ref) return null;
    if (ref.present) return "present";
    const out = await Promise.all(tracks().map(async (track) => {
      const where = track.at(ref);
      if (!where) return { track, phase: null, own: false, words: "", where };
      const phase = await loadPhase(track, where.index);
      return { track, phase, own: where.own, words: where.words || "", where };
    }));
    if (out.some((o) => o.where && !o.phase)) return null;
    if (out.some((o) => o.phase && o.phase.is_current)) return "present";
    return out;
  }

  function prefetch(position) {
    if (position < phases().length) load(position).catch(() => {});
  }

  // -- drawing -----------------------------------------------------------------------

  // One board at one step of a phase, as the server drew it. A board with no phase of
  // its own at the step shows the one it had as it stood after it; a board not begun
  // yet, nothing.
  function draw(track, phase, own, which) {
    if (track.beforeDraw) track.beforeDraw();
    const svg = track.svg();
    const board = track.board();
    // Each step's pieces fade in (site.css), the steps of a phase told apart at a glance.
    svg.classList.add("replaying");
    svg.dataset.replayStep = own ? which : "";
    board.put(phase ? phase.drawn[own ? which : "after"] : null);
  }

  // -- the words beside the controls -----------------------------------------------------

  const STEP_WORDS = {
    orders: () => gettext("orders given"),
    results: () => gettext("results"),
    after: () => gettext("position after"),
  };

  // The step's name and words beside the controls; each board's results in words in its
  // list, and why it shows another phase (or none) in its note. ``boards`` null: not
  // replaying (the page has the words).
  function paintWords(boards, which) {
    const ref = phases()[at];
    // The page names the phase on show where it names its own (null: its own again).
    if (ctx.onShow) ctx.onShow(boards ? ref : null);
    const name = document.getElementById("replay-phase");
    if (name && ref && name.textContent !== ref.name) name.textContent = ref.name;
    const stepWords = document.getElementById("replay-step");
    if (stepWords) stepWords.textContent = which ? `· ${STEP_WORDS[which]()}` : "";
    for (const track of tracks()) {
      const mine = boards && boards.find((b) => b.track.key === track.key);
      const note = track.note ? track.note() : null;
      if (note && mine) note.textContent = mine.own ? ref.name : mine.words;
      const list = track.results ? track.results() : null;
      if (!list) continue;
      list.dataset.step = which || "";
      if (!which || !mine || !mine.own) list.replaceChildren();
      else paintResults(list, mine.phase);
    }
  }

  function paintResults(list, phase) {
    const rows = [];
    const results = (phase && phase.results) || [];
    for (const r of results.filter(worthALine)) {
      const li = document.createElement("li");
      li.className = `result-${r.result}`;
      li.dataset.order = r.order;
      const words = r.words || { power: r.power, order: r.order, outcome: r.result, reason: "" };
      const who = document.createElement("span");
      who.className = "power";
      who.textContent = `${words.power}: `;
      const order = document.createElement("span");
      order.className = "order-words";
      order.title = r.order;
      order.textContent = words.order;
      const outcome = document.createElement("span");
      outcome.className = "outcome";
      outcome.textContent = ` — ${words.outcome}${words.reason ? `: ${words.reason}` : ""}`;
      li.append(who, order, outcome);
      rows.push(li);
    }
    const held = results.length - rows.length;
    if (held || !rows.length) {
      const li = document.createElement("li");
      li.className = "empty";
      li.textContent = !results.length ? list.dataset.none
        : format(ngettext("%(count)s unit holds.", "%(count)s units hold.", held), { count: held });
      rows.push(li);
    }
    list.replaceChildren(...rows);
  }

  function paintControls() {
    const box = controls();
    if (!box) return;
    const last = phases().length - 1;
    const position = at === null ? pagePosition() : at;
    const button = (name) => box.querySelector(`[data-replay="${name}"]`);
    // aria-disabled, not disabled: a button in focus keeps it when it has nothing to do
    // (a keyboard user who pressed "first" stays on it, and is not sent to the page's top).
    const able = (name, yes) => button(name).setAttribute("aria-disabled", yes ? "false" : "true");
    able("first", position > 0);
    able("back", position > 0);
    able("forward", position < last);
    able("last", position < last);
    const play = button("play");
    play.querySelector(".label").textContent = playing ? play.dataset.pauseLabel : play.dataset.playLabel;
    box.classList.toggle("playing", playing);
    const select = document.getElementById("replay-speed");
    if (select) select.value = String(speed);
  }

  // The address names the phase on show; the last one goes without (as the history's
  // list does): it is what the bare address shows.
  function address(position) {
    const list = phases();
    const url = new URL(window.location.href);
    if (position >= list.length - 1) url.searchParams.delete("phase");
    else url.searchParams.set("phase", String(list[position].index));
    if (url.href !== window.location.href) window.history.replaceState(window.history.state, "", url);
    const select = document.getElementById("phase-select");
    if (select) select.value = String(list[position].index);
  }

  // -- moving ----------------------------------------------------------------------------

  // Show one step of the phase at ``position`` on every board; false if that phase is the
  // open one (the replay has then ended, and the page shows it as usual).
  async function show(position, which, token) {
    let boards;
    try {
      boards = await load(position);
    } catch (e) {
      boards = null;
    }
    if (token !== run) return false;
    aim = null;
    if (!boards) {
      // Not read (no connection, or refused): said so, and a play stops here.
      playing = false;
      const stepWords = document.getElementById("replay-step");
      if (stepWords) stepWords.textContent = gettext("That phase could not be read: no connection to the server.");
      paintControls();
      return false;
    }
    if (boards === "present") {
      exit(position);
      return false;
    }
    active = true;
    at = position;
    step = which;
    shown = boards;
    address(position);
    for (const b of boards) draw(b.track, b.phase, b.own, which);
    paintWords(boards, which);
    paintControls();
    return true;
  }

  function unmark() {
    for (const track of tracks()) track.svg().classList.remove("replaying");
  }

  function exit(position) {
    unmark();
    active = false;
    playing = false;
    at = position;
    step = null;
    shown = null;
    address(position);
    paintWords(null, null);
    paintControls();
    ctx.onExit();
  }

  function rest() {
    clearTimeout(restTimer);
    const token = run;
    restTimer = setTimeout(() => {
      if (token === run && active && !playing && at !== null) ctx.onRest(phases()[at].index);
    }, REST_TIME);
  }

  // Step to a phase and show what came of it.
  async function go(position) {
    const list = phases();
    if (!list.length) return;
    const target = Math.max(0, Math.min(list.length - 1, position));
    aim = target;
    playing = false;
    const token = ++run;
    if (await show(target, "results", token)) {
      prefetch(target + 1);
      rest();
    }
  }

  async function play() {
    const list = phases();
    if (playing || !list.length) return;
    let position = from();
    // From the start again once the end was reached.
    if (position >= list.length - 1 && (step === "results" || step === "after" || !active)) {
      position = 0;
    }
    playing = true;
    paintControls();
    const token = ++run;
    for (;;) {
      prefetch(position + 1);
      const steps = ["orders", "results"];
      let boards = null;
      try { boards = await load(position); } catch (e) { boards = null; }
      if (Array.isArray(boards) && boards.some((b) => b.own && b.phase.results)) steps.push("after");
      for (const which of steps) {
        if (!(await show(position, which, token))) return;
        await sleep(STEP_TIME[which] / speed);
        if (token !== run) return;
      }
      if (position >= phases().length - 1) break;
      position += 1;
    }
    playing = false;
    // The end of the history: what came of its last phase stays on show.
    await show(position, "results", token);
    rest();
  }

  function pause() {
    if (!playing) return;
    playing = false;
    run += 1;
    paintControls();
    rest();
  }

  const from = () => (aim !== null ? aim : at !== null ? at : pagePosition());
  const actions = {
    first: () => go(0),
    back: () => go(from() - 1),
    forward: () => go(from() + 1),
    last: () => go(phases().length - 1),
    play: () => (playing ? pause() : play()),
  };

  // -- wiring ----------------------------------------------------------------------------

  document.addEventListener("click", (e) => {
    const button = e.target instanceof Element && e.target.closest("#replay [data-replay]");
    if (button && button.getAttribute("aria-disabled") !== "true") actions[button.dataset.replay]();
  });
  document.addEventListener("change", (e) => {
    if (e.target instanceof Element && e.target.id === "replay-speed") speed = Number(e.target.value) || 1;
  });
  document.addEventListener("keydown", (e) => {
    const box = controls();
    if (!box || box.hidden || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    if (typingIn(e.target) || document.querySelector("#unit-chooser:not([hidden])")) return;
    const action = { ArrowLeft: "back", ArrowRight: "forward", Home: "first", End: "last", " ": "play" }[e.key];
    if (!action) return;
    // A focused button takes Space itself (a click).
    if (action === "play" && e.target instanceof Element && e.target.closest("button, a, summary")) return;
    e.preventDefault();
    actions[action]();
  });

  return {
    // Whether the boards are the replay's (the page's drawing leaves them alone).
    active: () => active,
    // The history changed (a refresh): show the controls once there is something to
    // replay (``somethingDone``: a phase before the open one, or an adjudicated one).
    update(somethingDone) {
      const box = controls();
      if (!box) return;
      box.hidden = !somethingDone;
      if (active && shown) paintWords(shown, step);
      else if (at !== null) paintWords(null, null);
      paintControls();
    },
    // Another phase picked in the history, or the address changed: the page takes over.
    stop() {
      unmark();
      run += 1;
      clearTimeout(restTimer);
      active = false;
      playing = false;
      at = null;
      aim = null;
      step = null;
      shown = null;
      paintWords(null, null);
      paintControls();
    },
  };
}
