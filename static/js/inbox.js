// The header's unread count, kept live on every page of a signed-in user: the inbox's
// websocket says "unread n" on connect and whenever it changes, and the link follows.
// Only the user's own count arrives here. The text keeps the server's own form:
// "Notifications (n)", or "Notifications" alone when nothing is unread (the span holds
// the whole label, so the page reads the same with or without this script).
"use strict";

(function () {
  const link = document.getElementById("inbox-unread");
  if (!link || !("WebSocket" in window)) return;
  const label = link.dataset.label;
  let retry = 1000;

  function show(unread) {
    link.textContent = unread > 0 ? `${label} (${unread})` : label;
  }

  function connect() {
    const scheme = window.location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${window.location.host}/ws/notifications/`);
    socket.addEventListener("open", () => { retry = 1000; });
    socket.addEventListener("message", (event) => {
      const message = JSON.parse(event.data);
      if (message.type === "inbox.changed" && Number.isInteger(message.unread)) show(message.unread);
    });
    socket.addEventListener("close", () => {
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 30000);
    });
  }

  connect();
})();
