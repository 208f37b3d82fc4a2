// Offline play: a versioned, cache-first service worker.  The build fills in the build
// id and the list of files; a new build has a new cache name, and activating it
// deletes the old caches.  Paths are relative to this file, so the site works under
// any sub-path (GitHub Pages project sites live under /<repo>/).
/** @type {ServiceWorkerGlobalScope} */
const sw = /** @type {any} */ (self);
const BUILD = "__KINGWEB_BUILD__";
const FILES = __KINGWEB_FILES__;
const CACHE = `kingweb-${BUILD}`;

sw.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // Past the browser's HTTP cache ("reload"): a host's headers may let it keep the
    // previous build's files for hours, and this cache must hold this build's.
    await cache.addAll(FILES.map((f) => new Request(new URL(f, sw.registration.scope), { cache: "reload" })));
    await sw.skipWaiting();
  })());
});

sw.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const old = (await caches.keys()).filter((key) => key.startsWith("kingweb-") && key !== CACHE);
    for (const key of old) await caches.delete(key);
    await sw.clients.claim();
    // A new release: the open pages run the previous build, and their next request would
    // get this build's files; load them again as this build (a game resumes from its save).
    if (old.length) {
      for (const client of await sw.clients.matchAll({ type: "window" })) client.navigate(client.url).catch(() => {});
    }
  })());
});

sw.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET" || new URL(req.url).origin !== sw.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    // the page itself with any query string (shared links, embeds) is the same file
    const hit = await cache.match(req, { ignoreSearch: req.mode === "navigate" });
    if (hit) return hit;
    const res = await fetch(req);
    if (res.ok && res.type === "basic") cache.put(req, res.clone());
    return res;
  })());
});
