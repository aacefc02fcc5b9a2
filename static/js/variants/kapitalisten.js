// Kapitalisten's exchange orders: a list the investor builds (buy or sell, units,
// currency), reordered and saved through the public API as he goes. As he types it
// reckons what the server will: sales first (at most 500 of a currency a turn, no more
// than he holds), then purchases in the order of the list until the cash runs out, all
// at the rates the turn began with; it shows the cash left and what each line will do.
// The server decides; this only tells him beforehand. Without a script, the text form
// below the list saves the same orders.
//
// In the opening exchange (Winter 1900) his ready mark is given here too: sent through
// the API once his list is saved (a save clears the mark, so the button waits for it), and
// beside it, while the list is empty, rule 3.3.1's warning that he then sells 500 of every
// currency. Without a script the ready form posts and comes back to this page.
import { format, gettext, post, send } from "../lib/transport.js";

const root = document.getElementById("exchange-form");
if (root) {
  const data = JSON.parse(document.getElementById("exchange-data").textContent);
  const list = document.getElementById("exchange-list");
  const add = document.getElementById("exchange-add");
  const side = document.getElementById("trade-side");
  const units = document.getElementById("trade-units");
  const nation = document.getElementById("trade-nation");
  const limitNote = document.getElementById("trade-limit");
  const cashLeft = document.getElementById("cash-left");
  const status = document.getElementById("exchange-status");
  const errorBox = document.getElementById("exchange-error");
  const textarea = document.getElementById("exchange-textarea");
  const details = document.getElementById("exchange-text-details");
  const readyForm = document.getElementById("ready-form");
  const readyButton = document.getElementById("ready-button");
  const readyMark = document.getElementById("ready-mark");
  const warning = document.getElementById("ready-warning");

  // Numbers as the page's language writes them (5,165.00 or 5.165,00), as the server does.
  const language = document.documentElement.lang || undefined;
  const money = new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const count = new Intl.NumberFormat(language);
  const kj = (cents) => money.format(cents / 100);
  const read = (text) => {
    const m = /^(buy|sell) (\d+) (\w+)$/.exec(text.trim().toLowerCase());
    return m ? { side: m[1], units: Number(m[2]), nation: m[3] } : null;
  };
  let orders = data.orders.map(read).filter(Boolean);

  // What the orders will do, as the server settles them.
  function reckon() {
    let cash = data.cash;
    const sold = {};
    const done = orders.map(() => 0);
    orders.forEach((o, i) => {
      if (o.side !== "sell") return;
      const room = Math.min(data.limit - (sold[o.nation] || 0), data.held[o.nation] - (sold[o.nation] || 0));
      done[i] = Math.max(0, Math.min(o.units, room));
      sold[o.nation] = (sold[o.nation] || 0) + done[i];
      cash += done[i] * data.rates[o.nation];
    });
    orders.forEach((o, i) => {
      if (o.side !== "buy") return;
      const rate = data.rates[o.nation];
      done[i] = rate ? Math.min(o.units, Math.floor(cash / rate)) : 0;
      cash -= done[i] * rate;
    });
    return { cash, done, sold };
  }

  // The most the chosen currency may still be sold this turn.
  function sellRoom() {
    const { sold } = reckon();
    const n = nation.value;
    return Math.max(0, Math.min(data.limit, data.held[n]) - (sold[n] || 0));
  }

  function showLimit() {
    if (side.value === "sell") {
      const room = sellRoom();
      units.max = String(room);
      limitNote.textContent = format(gettext("You may still sell %(n)s %(currency)s this turn (at most 500 a turn, no more than you hold)."), {
        n: count.format(room), currency: data.currencies[nation.value] });
      units.setCustomValidity(Number(units.value) > room ? gettext("More than you may sell this turn.") : "");
    } else {
      units.removeAttribute("max");
      const { cash } = reckon();
      const rate = data.rates[nation.value];
      const most = rate ? Math.floor(cash / rate) : 0;
      limitNote.textContent = format(gettext("The cash left buys at most %(n)s %(currency)s."), {
        n: count.format(most), currency: data.currencies[nation.value] });
      units.setCustomValidity("");
    }
  }

  function render() {
    const { cash, done } = reckon();
    cashLeft.textContent = `${kj(cash)} Kj`;
    list.replaceChildren();
    if (!orders.length) {
      const li = document.createElement("li");
      li.className = "empty";
      li.textContent = list.dataset.empty;
      list.append(li);
    }
    orders.forEach((o, i) => {
      const li = document.createElement("li");
      const code = document.createElement("code");
      code.textContent = `${o.side} ${o.units} ${o.nation}`;
      li.append(code, " ");
      const what = document.createElement("span");
      const amount = done[i] * data.rates[o.nation];
      if (done[i] < o.units) {
        what.className = "short";
        what.textContent = o.side === "buy"
          ? format(gettext("buys only %(n)s: the cash runs out"), { n: count.format(done[i]) })
          : format(gettext("sells only %(n)s"), { n: count.format(done[i]) });
      } else {
        what.className = "muted";
        what.textContent = `${o.side === "buy" ? "−" : "+"}${kj(amount)} Kj`;
      }
      li.append(what, " ");
      if (i > 0) {
        const up = document.createElement("button");
        up.type = "button";
        up.className = "link";
        up.textContent = "↑";
        up.setAttribute("aria-label", list.dataset.upLabel);
        up.addEventListener("click", () => { [orders[i - 1], orders[i]] = [orders[i], orders[i - 1]]; save(); });
        li.append(up, " ");
      }
      const remove = document.createElement("button");
      remove.type = "button";
      remove.className = "link remove";
      remove.textContent = "✕";
      remove.setAttribute("aria-label", list.dataset.removeLabel);
      remove.addEventListener("click", () => { orders.splice(i, 1); save(); });
      li.append(remove);
      list.append(li);
    });
    textarea.value = orders.map((o) => `${o.side} ${o.units} ${o.nation}`).join("\n");
    // Without orders he sells 500 of every currency (3.3.1): said beside Ready.
    if (warning) warning.hidden = orders.length > 0;
    showLimit();
  }

  // The ready mark as the server has it: the button offers the other one.
  function showReady(ready) {
    if (!readyForm) return;
    readyForm.querySelector("[name=ready]").value = ready ? "0" : "1";
    readyButton.textContent = ready ? readyButton.dataset.unreadyLabel : readyButton.dataset.readyLabel;
    readyMark.hidden = !ready;
  }

  // No ready mark while a save is on its way: the save would take it back.
  function readyAllowed(allowed) {
    if (readyButton) readyButton.disabled = !allowed;
  }

  async function sendReady() {
    const ready = readyForm.querySelector("[name=ready]").value === "1";
    const phase = Number(readyForm.querySelector("[name=phase]").value);
    errorBox.textContent = "";
    readyAllowed(false);
    try {
      const { ok, status, data: answer } = await post(readyForm.dataset.readyUrl, { ready, phase });
      if (ok) {
        showReady(answer.ready);
      } else if (status === 409) {
        // The turn is over (everyone was ready, or its deadline passed): the page shows
        // the new one, and the message says why.
        window.location.reload();
      } else {
        errorBox.textContent = answer.message || "";
      }
    } catch (e) {
      errorBox.textContent = gettext("Not saved: there is no connection to the server. Try again.");
    } finally {
      readyAllowed(!saving);
    }
  }

  // One save at a time; the latest list wins.
  let saving = false;
  let again = false;
  async function save() {
    render();
    if (saving) { again = true; return; }
    saving = true;
    readyAllowed(false);
    status.textContent = gettext("Saving…");
    errorBox.textContent = "";
    try {
      const body = { orders: orders.map((o) => `${o.side} ${o.units} ${o.nation}`), power: root.dataset.investor,
        phase: Number(root.dataset.phase) };
      const { ok, data: answer } = await send("PUT", root.dataset.ordersUrl, body);
      if (ok) {
        status.textContent = gettext("Saved.");
        showReady(answer.ready);
      } else {
        status.textContent = "";
        const problems = (answer.problems || []).map((p) => `${p.order}: ${p.message}`);
        errorBox.textContent = [answer.message, ...problems].filter(Boolean).join(" — ");
      }
    } catch (e) {
      status.textContent = "";
      errorBox.textContent = gettext("The orders could not be saved: no connection. Try again.");
    } finally {
      saving = false;
      if (again) { again = false; save(); } else readyAllowed(true);
    }
  }

  if (readyForm) {
    readyForm.addEventListener("submit", (event) => {
      event.preventDefault();
      if (!saving) sendReady();
    });
  }
  add.hidden = false;
  if (details) details.open = false;
  side.addEventListener("change", showLimit);
  nation.addEventListener("change", showLimit);
  units.addEventListener("input", showLimit);
  add.addEventListener("submit", (event) => {
    event.preventDefault();
    const n = Number(units.value);
    if (!Number.isInteger(n) || n < 1) {
      errorBox.textContent = gettext("Give a whole number of units.");
      return;
    }
    if (side.value === "sell" && n > sellRoom()) {
      errorBox.textContent = format(gettext("You may sell at most %(n)s more of this currency this turn."), { n: count.format(sellRoom()) });
      return;
    }
    orders.push({ side: side.value, units: n, nation: nation.value });
    units.value = "";
    save();
  });
  render();
}
