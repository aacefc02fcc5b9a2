// The header's unread count, kept live on every page of a signed-in user: the inbox's
// websocket says "unread n" on connect and whenever it changes, and the link follows.
// Only the user's own count arrives here. The text keeps the server's own form:
// "Notifications (n)", or "Notifications" alone when nothing is unread (the span holds
// the whole label, so the page reads the same with or without this script).
import { listen } from "./lib/transport.js";

const link = document.getElementById("inbox-unread");
if (link && "WebSocket" in window) {
  const label = link.dataset.label;
  listen("/ws/notifications/", {
    onMessage: (message) => {
      if (message.type === "inbox.changed" && Number.isInteger(message.unread)) {
        const count = message.unread > 0 ? ` (${message.unread})` : "";
        link.textContent = `${label}${count}`;
        // The phone's folded menu says it too, on its button.
        const folded = document.getElementById("menu-unread");
        if (folded) folded.textContent = count;
      }
    },
  });
}
