// Every moment on a page (<time data-moment> from {% moment %}, and the game page's
// deadline) in the reader's own time zone and language, in the site's one format: a
// medium date and a short time ("Nov 28, 2026, 12:18 PM"; a date alone for a day).
// Parts of a page that arrive later (a refreshed panel, the press) are caught too.

const lang = () => document.documentElement.lang || undefined;

export function momentText(iso, style) {
  const when = new Date(iso);
  if (Number.isNaN(when.getTime())) return null;
  if (style === "date") {
    // A day is the same day everywhere: shown as written, not moved by a time zone.
    const [y, m, d] = iso.slice(0, 10).split("-").map(Number);
    return new Date(y, m - 1, d).toLocaleDateString(lang(), { dateStyle: "medium" });
  }
  return when.toLocaleString(lang(), { dateStyle: "medium", timeStyle: "short" });
}

export function showMoments(root) {
  for (const node of (root || document).querySelectorAll("time[data-moment]")) {
    const text = momentText(node.getAttribute("datetime"), node.dataset.moment);
    if (text && node.textContent !== text) node.textContent = text;
  }
}

showMoments(document);
new MutationObserver((changes) => {
  for (const change of changes) {
    for (const added of change.addedNodes) {
      if (added.nodeType === 1) showMoments(added.matches && added.matches("time[data-moment]") ? added.parentNode : added);
    }
  }
}).observe(document.body, { childList: true, subtree: true });
