// On a narrow screen the site's links fold under one button, so that a page (the board
// first) starts near the top of a phone's screen; wider screens show them all (CSS).
// Without this script the links show as they are, on every screen.
const button = document.querySelector("header.top .menu-toggle");
const nav = document.getElementById("site-nav");
if (button && nav) {
  button.hidden = false;
  nav.classList.add("foldable");
  const setOpen = (open) => {
    button.setAttribute("aria-expanded", String(open));
    nav.classList.toggle("open", open);
  };
  button.addEventListener("click", () => setOpen(button.getAttribute("aria-expanded") !== "true"));
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && nav.classList.contains("open")) {
      setOpen(false);
      button.focus();
    }
  });
}
