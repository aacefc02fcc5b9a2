// The home page's "Your games", kept live: the socket on the player's own games says
// "mine.changed" whenever one of them moves (a phase adjudicated, a game started or
// ended, a vote cast or decided, press for him), and the list is fetched again as the server renders it, so what it shows is
// decided in one place. Loads are one at a time; a reconnection catches up on what the
// socket missed while it was away.
import { fetchPage, listen } from "./lib/transport.js";
import { oneAtATime } from "./lib/refresh.js";

const ID = "my-games";

const refresh = oneAtATime(async () => {
  const page = await fetchPage();
  const fresh = page && page.getElementById(ID);
  const shown = document.getElementById(ID);
  if (!fresh || !shown) return;
  shown.replaceWith(document.adoptNode(fresh));
});

if (document.getElementById(ID) && "WebSocket" in window) {
  let first = true;
  listen("/ws/me/games/", {
    onOpen: () => {
      if (!first) refresh().catch(() => {});
      first = false;
    },
    onMessage: (message) => {
      if (message.type === "mine.changed") refresh().catch(() => {});
    },
  });
}
