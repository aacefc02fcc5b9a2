// The press panel of the game page: conversations (with everyone, with one power, with a
// chosen group), unread markers per conversation, and each conversation's history by the
// phase it was written in. The socket only says "something new in conversation k" (to its
// readers alone); the panel then fetches what this viewer may read from the public API
// (/api/v1/games/<id>/press/...), with the page's session and CSRF token
// (lib/transport.js).
import { getJson, gettext, post } from "./lib/transport.js";
import { oneAtATime } from "./lib/refresh.js";
import { momentText } from "./lib/moments.js";

(function () {
  const box = document.getElementById("press");
  if (!box || !document.getElementById("press-conversations")) return;
  const list = document.getElementById("press-conversations");
  const thread = document.getElementById("press-messages");
  const title = document.getElementById("press-title");
  const phaseSelect = document.getElementById("press-phase");
  const form = document.getElementById("press-form");
  const body = document.getElementById("press-body");
  const powers = document.getElementById("press-powers");
  const errorBox = document.getElementById("press-error");
  const signedIn = box.dataset.signedIn === "1";
  let current = "all";
  let phase = "";
  let data = null;

  // An error reply is {"message": ...}; invalid input adds "errors", per field.
  function problem(answer) {
    const details = [];
    for (const [field, list] of Object.entries(answer.errors || {})) {
      details.push(`${field}: ${[].concat(list).join(" ")}`);
    }
    const text = [answer.message, ...details].filter(Boolean).join(" — ");
    return text || gettext("The message was not sent.");
  }

  function node(tag, cls, text) {
    const n = document.createElement(tag);
    if (cls) n.className = cls;
    if (text !== undefined) n.textContent = text;
    return n;
  }

  // One load at a time (lib/refresh.js): a signal arriving meanwhile loads once more after.
  const load = oneAtATime(async () => {
    // The overview (conversations, phases, whom one may write to) and the open thread.
    let overview, opened;
    try {
      [overview, opened] = await Promise.all([
        getJson(box.dataset.pressUrl),
        getJson(box.dataset.messagesUrl, { conversation: current, phase }),
      ]);
    } catch (e) {
      return; // no connection: what is shown stays, and the socket asks again once back
    }
    if (!overview || !opened) return;
    data = { ...overview, messages: opened.messages };
    draw();
    await markRead();
  });

  function conversation(key) {
    return (data.conversations || []).find((c) => c.key === key) || null;
  }

  function draw() {
    drawConversations();
    drawPhases();
    drawMessages();
    drawForm();
  }

  function drawConversations() {
    const items = data.conversations.map((c) => {
      const li = node("li", c.key === current ? "current" : "");
      li.dataset.conversation = c.key;
      const button = node("button", "link", c.name);
      button.type = "button";
      button.addEventListener("click", () => open(c.key, c.with));
      li.appendChild(button);
      if (c.unread > 0) {
        li.classList.add("unread");
        const badge = node("span", "badge unread-count", String(c.unread));
        badge.title = gettext("unread");
        li.appendChild(badge);
      }
      return li;
    });
    list.replaceChildren(...items);
  }

  function drawPhases() {
    const keep = phase;
    const options = [node("option", "", gettext("All phases"))];
    options[0].value = "";
    for (const p of data.phases || []) {
      const o = node("option", "", p.name);
      o.value = p.code;
      options.push(o);
    }
    phaseSelect.replaceChildren(...options);
    phaseSelect.value = keep;
  }

  function drawMessages() {
    const c = conversation(current);
    title.textContent = c ? c.name : "";
    const items = [];
    let lastPhase = null;
    for (const m of data.messages) {
      if (m.phase !== lastPhase) {
        items.push(node("li", "press-phase-heading", m.phase_name));
        lastPhase = m.phase;
      }
      const li = node("li", `press-message power-${m.sender}`);
      li.dataset.id = m.id;
      li.dataset.phase = m.phase;
      const head = node("p", "press-head");
      head.appendChild(node("span", "swatch"));
      head.appendChild(node("strong", "press-from", m.sender_name));
      const to = m.to === "all" ? gettext("everyone") : m.to_names.join(", ");
      head.appendChild(node("span", "press-to", " → " + to));
      // The site's one format, in the reader's time zone (lib/moments.js).
      const when = node("time", "muted", " " + (momentText(m.sent_at, "datetime") || m.sent_at));
      when.setAttribute("datetime", m.sent_at);
      head.appendChild(when);
      li.appendChild(head);
      li.appendChild(node("p", "press-text", m.body));
      items.push(li);
    }
    if (!items.length) items.push(node("li", "empty muted", gettext("No messages yet.")));
    thread.replaceChildren(...items);
  }

  function drawForm() {
    form.hidden = !data.can_send;
    if (!data.can_send) return;
    const checked = new Set(Array.from(powers.querySelectorAll("input:checked")).map((i) => i.value));
    const names = data.power_names || {};
    const boxes = data.may_write_to.map((power) => {
      const label = node("label", `power-${power}`);
      const input = document.createElement("input");
      input.type = "checkbox";
      input.value = power;
      input.checked = checked.has(power);
      input.addEventListener("change", () => setMode(input.checked || anyChecked() ? "powers" : "all"));
      label.appendChild(input);
      label.appendChild(document.createTextNode(" " + (names[power] || power)));
      return label;
    });
    powers.replaceChildren(...boxes);
    document.getElementById("press-private").hidden = !boxes.length;
  }

  function anyChecked() {
    return powers.querySelector("input:checked") !== null;
  }

  function setMode(mode) {
    const radio = form.querySelector(`input[name=press-mode][value=${mode}]`);
    if (radio) radio.checked = true;
  }

  // Open a conversation, and address the next message to its powers.
  function open(key, others) {
    current = key;
    errorBox.textContent = "";
    powers.querySelectorAll("input").forEach((i) => { i.checked = (others || []).includes(i.value); });
    setMode(key === "all" ? "all" : "powers");
    load();
  }

  async function markRead() {
    const c = conversation(current);
    if (!signedIn || !c || !c.unread) return;
    const { ok } = await post(box.dataset.readUrl, { conversation: current, up_to: c.last_id });
    if (ok) {
      c.unread = 0;
      drawConversations();
    }
  }

  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const text = body.value.trim();
    if (!text) return;
    const mode = form.querySelector("input[name=press-mode]:checked").value;
    // Published press under pseudonyms: the name it is signed with.
    const signature = document.getElementById("press-signature");
    const withSignature = (payload) => (signature ? { ...payload, signature: signature.value } : payload);
    const chosen = Array.from(powers.querySelectorAll("input:checked")).map((i) => i.value);
    if (mode === "powers" && !chosen.length) {
      errorBox.textContent = gettext("Choose whom to write to.");
      return;
    }
    const button = document.getElementById("press-send");
    button.disabled = true;
    try {
      const { ok, data: answer } = await post(box.dataset.pressUrl,
        withSignature({ to: mode === "all" ? "all" : chosen, body: text }));
      if (!ok) {
        errorBox.textContent = problem(answer);
        return;
      }
      errorBox.textContent = "";
      body.value = "";
      current = answer.conversation;
      phase = "";
      await load();
    } finally {
      button.disabled = false;
    }
  });
  form.querySelectorAll("input[name=press-mode]").forEach((r) => r.addEventListener("change", () => {
    if (r.checked && r.value === "all") powers.querySelectorAll("input").forEach((i) => { i.checked = false; });
  }));
  phaseSelect.addEventListener("change", () => { phase = phaseSelect.value; load(); });
  document.addEventListener("press:changed", () => load());
  load();
})();
