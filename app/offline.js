// The page's side of the service worker (sw.js, built with Workbox): after one visit the whole site
// is precached, so the course opens and runs with the network off, and the service worker adds the
// COOP/COEP headers that plain static hosts do not send (Stop can then interrupt Python).
//   - First visit: once the service worker controls the page and the page is not cross-origin
//     isolated yet, reload once to get the headers (skipped while a program runs; then the next
//     visit is isolated).
//   - A new build: the new service worker installs beside the old one and waits; the page shows
//     "A new version is available — reload". Until then every file comes from the old build, so
//     old and new files never mix.
import { Workbox } from "workbox-window";
import { appUrl, fromDisk } from "./files.js";

const RELOADED_FOR_ISOLATION = "autograd-course/reloaded-for-isolation";

function firstTimeThisSession() {
  try {
    if (sessionStorage.getItem(RELOADED_FOR_ISOLATION)) return false;
    sessionStorage.setItem(RELOADED_FOR_ISOLATION, "1");
    return true;
  } catch {
    return false; // no storage: never risk a reload loop
  }
}

// onNewVersion(): a new build waits; beforeReload(): save what must survive; busy(): a program runs;
// booted: a Promise settled once Python is ready (or failed). On a page that is cross-origin isolated
// already, the service worker only adds offline use and updates: it is registered after `booted`,
// so that its install (downloading and hashing the whole site) does not compete with Python's first
// boot. On a plain host it is registered at once, since it also brings isolation (with a reload).
export function registerServiceWorker({ onNewVersion, beforeReload, busy, booted }) {
  if (fromDisk || !("serviceWorker" in navigator)) return { applyUpdate: () => location.reload() };
  const workbox = new Workbox(appUrl("sw.js"));
  const registered = (globalThis.crossOriginIsolated ? booted : Promise.resolve()).then(() => workbox.register());
  let controlled = Boolean(navigator.serviceWorker.controller);
  let updating = false;
  const reload = () => {
    beforeReload();
    location.reload();
  };

  workbox.addEventListener("waiting", onNewVersion);
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    const firstInstall = !controlled;
    controlled = true;
    if (updating) return reload();
    // A new build took over from another tab: this page's files are the old build's, so reload.
    if (!firstInstall) return busy() ? onNewVersion() : reload();
    if (!globalThis.crossOriginIsolated && !busy() && firstTimeThisSession()) reload();
  });
  registered.catch((error) => console.warn("The course will not work offline:", error));

  return {
    // The waiting build takes over; "controllerchange" then reloads the page with its files.
    async applyUpdate() {
      const registration = await registered;
      if (!registration?.waiting) return reload();
      updating = true;
      workbox.messageSkipWaiting();
    },
  };
}
