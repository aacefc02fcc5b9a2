// The one transport of the site's pages: JSON requests to the public API with the page's
// session and CSRF token, page fetches, and one reconnecting socket. Every widget (the
// game page, press, the duel page, the header's inbox count) goes through it, so the
// backoff and the error shape are written once.

// Django's JavaScript catalog (jsi18n) provides gettext in the page's language.
export const gettext = window.gettext || ((s) => s);

// "%(name)s" placeholders, as Django's own strings have them.
export const format = (text, values) =>
  text.replace(/%\((\w+)\)s/g, (m, key) => String(values[key]));

export function csrfToken() {
  const m = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
  return m ? decodeURIComponent(m[1]) : "";
}

// The answer, with its status and the seconds a 429 (too many requests) asks us to wait.
// Errors are {"message": ...} (core/api.py). A connection that fails throws, as fetch does.
export async function send(method, url, body) {
  const response = await fetch(url, {
    method,
    headers: { "Content-Type": "application/json", "X-CSRFToken": csrfToken() },
    body: JSON.stringify(body),
    credentials: "same-origin",
  });
  let data = {};
  try { data = await response.json(); } catch (e) { data = { message: response.statusText }; }
  const retryAfter = Number(response.headers.get("Retry-After")) || 0;
  return { ok: response.ok, status: response.status, data, retryAfter };
}

export const post = (url, body) => send("POST", url, body);

// A JSON read of the API with query parameters (empty ones left out); null if refused.
export async function getJson(base, params) {
  const url = new URL(base, window.location.href);
  for (const [k, v] of Object.entries(params || {})) if (v) url.searchParams.set(k, v);
  const response = await fetch(url, { credentials: "same-origin" });
  return response.ok ? response.json() : null;
}

// This page's address fetched again, as a document; null if refused. A connection that
// fails throws.
export async function fetchPage() {
  const response = await fetch(window.location.href, { credentials: "same-origin" });
  if (!response.ok) return null;
  return new DOMParser().parseFromString(await response.text(), "text/html");
}

// Listen on the site's socket at `path` ("/ws/games/7/"): each message (JSON) goes to
// onMessage; onOpen runs on every (re)connection, so a widget can catch up on what it
// missed. A closed socket is opened again, waiting 1 s, then twice as long each time, up to
// 30 s; a connection that opens resets the wait.
export function listen(path, { onOpen, onMessage }) {
  const scheme = window.location.protocol === "https:" ? "wss" : "ws";
  let retry = 1000;
  const open = () => {
    const socket = new WebSocket(`${scheme}://${window.location.host}${path}`);
    socket.addEventListener("open", () => {
      retry = 1000;
      if (onOpen) onOpen();
    });
    socket.addEventListener("message", (event) => {
      let message;
      try { message = JSON.parse(event.data); } catch (e) { return; }
      onMessage(message);
    });
    socket.addEventListener("close", () => {
      setTimeout(open, retry);
      retry = Math.min(retry * 2, 30000);
    });
  };
  open();
}
