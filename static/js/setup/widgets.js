// What the set-up widgets share: marking provinces and centers, the list of a panel, and
// the small menu beside a click that asks which unit (and coast) is meant.
import { format, gettext } from "../lib/transport.js";

export function mark(svg, selector, cls, on) {
  svg.querySelectorAll(selector).forEach((node) => node.classList.toggle(cls, on));
}

export function markProvince(svg, prov, cls) {
  mark(svg, `#provinces [data-province="${prov}"]`, cls, true);
}

export function markCenter(svg, prov, cls) {
  mark(svg, `#centers [data-center="${prov}"]`, cls, true);
}

// One line of a set-up list, with a button that takes it off (none for a note).
export function listItem(label, onRemove) {
  const li = document.createElement("li");
  const name = document.createElement("span");
  name.textContent = label;
  li.appendChild(name);
  if (onRemove) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "remove link";
    button.textContent = "✕";
    button.setAttribute("aria-label", format(gettext("Take %(place)s off"), { place: label }));
    button.addEventListener("click", onRemove);
    li.appendChild(button);
  }
  return li;
}

// The list a set-up keeps beside the board: its items sorted by their words, each taken
// off by a click on its button (by removing its order from the list as it stands).
export function renderList(ctx, items, emptyText) {
  const list = document.getElementById("setup-list");
  if (!list) return;
  const sorted = [...items].sort((a, b) => a.label.localeCompare(b.label));
  const lines = sorted.map((i) => {
    const li = listItem(i.label, () => ctx.changeOrders(ctx.myOrders().filter((o) => o !== i.text)));
    li.dataset.order = i.text;
    return li;
  });
  list.replaceChildren(...(lines.length ? lines : [listItem(emptyText, null)]));
}

export function closeChooser() {
  const box = document.getElementById("unit-chooser");
  if (box && !box.hidden) {
    box.hidden = true;
    box.replaceChildren();
  }
}

// A small menu beside the click: which unit (and coast) to place or pick.
export function openChooser(event, title, choices, onChoose) {
  const box = document.getElementById("unit-chooser");
  if (!box) return;
  box.replaceChildren();
  const heading = document.createElement("p");
  heading.className = "chooser-title";
  heading.textContent = title;
  box.appendChild(heading);
  for (const choice of choices) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = choice.label;
    button.dataset.choice = choice.value || "";
    if (choice.current) button.classList.add("current");
    button.addEventListener("click", (e) => {
      e.stopPropagation();
      closeChooser();
      onChoose(choice.value);
    });
    box.appendChild(button);
  }
  const cancel = document.createElement("button");
  cancel.type = "button";
  cancel.className = "link cancel";
  cancel.textContent = gettext("Cancel");
  cancel.addEventListener("click", (e) => { e.stopPropagation(); closeChooser(); });
  box.appendChild(cancel);
  const wrap = box.parentElement.getBoundingClientRect();
  const x = (event && event.clientX !== undefined ? event.clientX : wrap.left + 20) - wrap.left;
  const y = (event && event.clientY !== undefined ? event.clientY : wrap.top + 20) - wrap.top;
  box.style.left = `${Math.max(0, Math.min(x + 10, wrap.width - 220))}px`;
  box.style.top = `${Math.max(0, y + 10)}px`;
  box.hidden = false;
  const first = box.querySelector("button");
  if (first) first.focus({ preventScroll: true });
}

// Units placed or picked on this page and not yet on the board: a preview in my colour.
export function drawPreviews(ctx) {
  for (const text of ctx.myOrders()) {
    const [kind, loc, verb] = text.split(" ");
    if (verb === "B") ctx.board.unit(ctx.state.me.power, `${kind} ${loc}`, "preview");
  }
}
