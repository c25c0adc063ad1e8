/**
 * The service worker: keeps the app shell and the solver (.wasm) in a cache named after the build's content hash, so
 * the planner loads, opens saved schedules (IndexedDB), recommends and solves with the network off; a new deploy
 * has a new hash, installs a fresh cache and deletes the old one.
 *
 * Same-origin GETs of the shell are answered cache-first; page navigations fall back to the cached page at the scope
 * root ("./", not "index.html": Workers static assets redirect /index.html to /). The
 * API (/api/...) is never cached: it always goes to the network.
 */
export {}; // a module, so the declarations below stay local to this file

declare const self: ServiceWorkerGlobalScope;
/** Injected by web/build.mjs. */
declare const CACHE_VERSION: string;
declare const PRECACHE: string[];

const CACHE = `rota-planner-${CACHE_VERSION}`;
const CACHE_PREFIX = "rota-planner-";

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // `reload`: bypass the HTTP cache, so a new version never caches an old file.
      await cache.addAll(PRECACHE.map((path) => new Request(new URL(path, self.registration.scope), { cache: "reload" })));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(CACHE_PREFIX) && name !== CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin || url.pathname.startsWith("/api/")) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      const hit = await cache.match(request, { ignoreSearch: true });
      if (hit) return hit;
      try {
        return await fetch(request);
      } catch (err) {
        if (request.mode === "navigate") {
          const shell = await cache.match(self.registration.scope);
          if (shell) return shell;
        }
        throw err;
      }
    })(),
  );
});
