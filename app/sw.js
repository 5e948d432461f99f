// The service worker (the build bundles it as dist/sw.js with Workbox's precache manifest: every
// file of the site with a content-hash revision and its SHA-384 integrity).
//   - Precache: installing downloads every file of the course (or revalidates what the first visit
//     already put in the HTTP cache); a file that changed during the download fails its integrity
//     check, so a build is installed whole or not at all. After that the course opens, and runs,
//     offline, and a visit makes no request for the site's files.
//   - The files only embedding pages use (EMBED_ONLY_FILES, scripts/build.mjs) are not precached: each
//     is kept when first fetched (the network first, so a new build's file replaces it) and served
//     from there offline; an activating build drops those it no longer has.
//   - A new build waits until the page asks it to take over (offline.js), so a page never mixes
//     files of two builds.
//   - Every response gets the COOP/COEP headers a plain static host does not send, so the page is
//     cross-origin isolated (SharedArrayBuffer: Stop interrupts Python instead of restarting it).
import { addPlugins, cleanupOutdatedCaches, precacheAndRoute } from "workbox-precaching";
import { registerRoute, setDefaultHandler } from "workbox-routing";
import { clientsClaim } from "workbox-core";

/* global EMBED_ONLY_FILES */ // paths relative to this script (scripts/build.mjs)
const EMBED_CACHE = "autograd-course-embed";
const embedOnly = new Set(EMBED_ONLY_FILES.map((path) => new URL(path, self.location.href).href));

const ISOLATION_HEADERS = {
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Embedder-Policy": "require-corp",
  "Cross-Origin-Resource-Policy": "same-origin",
};

function withIsolation(response) {
  if (!response || response.type === "opaque" || response.type === "opaqueredirect") return response;
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(ISOLATION_HEADERS)) headers.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

addPlugins([
  {
    // Workbox installs with cache: "reload"; a conditional request gets the same bytes (the
    // integrity check still guards them) without downloading again what the first visit fetched.
    requestWillFetch: async ({ request }) => (request.cache === "reload" ? new Request(request, { cache: "no-cache" }) : request),
    handlerWillRespond: async ({ response }) => withIsolation(response),
  },
]);
// Any query (?time-limit=3) still opens the precached index.html.
precacheAndRoute(self.__WB_MANIFEST, { ignoreURLParametersMatching: [/.*/] });
cleanupOutdatedCaches();
registerRoute(({ url }) => embedOnly.has(url.origin + url.pathname), async ({ request }) => {
  const cache = await caches.open(EMBED_CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone());
    return withIsolation(response);
  } catch (error) {
    const kept = await cache.match(request, { ignoreSearch: true });
    if (!kept) throw error;
    return withIsolation(kept);
  }
});
setDefaultHandler(async ({ request }) => withIsolation(await fetch(request)));
self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.open(EMBED_CACHE).then(async (cache) => {
      for (const request of await cache.keys()) if (!embedOnly.has(request.url)) await cache.delete(request);
    }),
  );
});

clientsClaim(); // the first install controls the open page at once (it then reloads, isolated)
self.addEventListener("message", (event) => {
  if (event.data?.type === "SKIP_WAITING") self.skipWaiting();
});
