// "Push to this device" on the notifications page: asks the browser's permission,
// registers the site's service worker (/sw.js, scope: the whole site), subscribes with the
// site's public key and hands the subscription to the API (notifications.api.PushApi);
// "Stop" does the reverse. The page lists the user's devices as the server knows them and
// is loaded again after each change, so that list and this control always agree.
import { format, getJson, gettext, send } from "./lib/transport.js";

const box = document.getElementById("push");
const stateLine = document.getElementById("push-state");
const toggle = document.getElementById("push-toggle");

const WORDS = {
  unsupported: () => gettext("This browser cannot receive pushes."),
  denied: () =>
    gettext(
      "Notifications are blocked for this site: allow them in your browser's settings, then load this page again.",
    ),
  off: () => gettext("This device gets no pushes."),
  on: () => gettext("This device gets pushes."),
  busy: () => gettext("One moment…"),
};

function show(state, problem) {
  box.dataset.state = state;
  stateLine.textContent = problem
    ? format(gettext("Pushes could not be set up: %(problem)s"), { problem })
    : WORDS[state]();
  toggle.hidden = !["on", "off", "busy"].includes(state) && !problem;
  toggle.disabled = state === "busy";
  if (state === "on") toggle.textContent = gettext("Stop pushing to this device");
  if (state === "off") toggle.textContent = gettext("Push to this device");
}

// base64url <-> bytes, the form keys travel in.
function bytesOf(text) {
  const plain = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(plain, (c) => c.charCodeAt(0));
}

function textOf(buffer) {
  const plain = String.fromCharCode(...new Uint8Array(buffer));
  return btoa(plain).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

// Was this subscription made with the site's key now? One made with another is refused by
// its push service, and is made again.
function sameKey(subscription, publicKey) {
  const key = subscription.options && subscription.options.applicationServerKey;
  return Boolean(key) && textOf(key) === publicKey;
}

// How the user will know this device in his list: its browser and system, as it says.
function deviceLabel() {
  const agent = navigator.userAgent;
  const browser =
    [["Edg/", "Edge"], ["Firefox/", "Firefox"], ["Chrome/", "Chrome"], ["Safari/", "Safari"]]
      .find(([mark]) => agent.includes(mark))?.[1] || gettext("A browser");
  const system =
    [["Android", "Android"], ["iPhone", "iPhone"], ["iPad", "iPad"], ["Windows", "Windows"],
     ["Mac OS", "macOS"], ["CrOS", "ChromeOS"], ["Linux", "Linux"]]
      .find(([mark]) => agent.includes(mark))?.[1] || gettext("a device");
  return format(gettext("%(browser)s on %(system)s"), { browser, system });
}

async function serverState() {
  const state = await getJson(box.dataset.api);
  if (!state) throw new Error(gettext("the site did not answer."));
  return state;
}

async function current() {
  const registration = await navigator.serviceWorker.getRegistration("/");
  return registration ? registration.pushManager.getSubscription() : null;
}

async function subscribe() {
  const permission = await Notification.requestPermission();
  if (permission !== "granted") {
    show(permission === "denied" ? "denied" : "off");
    return;
  }
  const registration = await navigator.serviceWorker.register(box.dataset.worker, { scope: "/" });
  await navigator.serviceWorker.ready;
  const state = await serverState();
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameKey(subscription, state.public_key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  if (!subscription) {
    subscription = await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: bytesOf(state.public_key),
    });
  }
  const answer = await send("POST", box.dataset.api, {
    ...subscription.toJSON(),
    server_key: state.public_key,
    label: deviceLabel(),
  });
  if (!answer.ok) throw new Error(answer.data.message || answer.status);
  window.location.reload();
}

async function unsubscribe() {
  const subscription = await current();
  if (subscription) {
    const answer = await send("DELETE", box.dataset.api, { endpoint: subscription.endpoint });
    if (!answer.ok) throw new Error(answer.data.message || answer.status);
    await subscription.unsubscribe();
  }
  window.location.reload();
}

async function start() {
  if (!("serviceWorker" in navigator && "PushManager" in window && "Notification" in window)) {
    show("unsupported");
    return;
  }
  if (Notification.permission === "denied") {
    show("denied");
    return;
  }
  const [subscription, state] = await Promise.all([current(), serverState()]);
  const mine =
    subscription &&
    sameKey(subscription, state.public_key) &&
    state.devices.some((device) => device.endpoint === subscription.endpoint);
  show(mine ? "on" : "off");
}

if (box) {
  toggle.addEventListener("click", async () => {
    const wasOn = box.dataset.state === "on";
    show("busy");
    try {
      await (wasOn ? unsubscribe() : subscribe());
    } catch (error) {
      show(wasOn ? "on" : "off", error.message || String(error));
    }
  });
  start().catch((error) => show("off", error.message || String(error)));
}
