// Offline: every file of the site is cached at install; pages are served
// from the cache first. A new build has a new cache name (the build's hash),
// so it replaces the old copy once loaded.
const CACHE = "dicebox-__BUILD__";
const FILES = ["./", "index.html", "dicebox.js", "micropython.mjs", "micropython.wasm",
  "files.json", "manifest.webmanifest", "icon-192.png", "icon-512.png"];

self.addEventListener("install", (e) => {
  e.waitUntil(caches.open(CACHE).then((c) => c.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (e) => {
  e.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith("dicebox-") && k !== CACHE)
      .map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (e) => {
  if (e.request.method !== "GET") return;
  const url = new URL(e.request.url);
  if (url.origin !== location.origin) return;
  e.respondWith(caches.open(CACHE).then((c) =>
    c.match(e.request, { ignoreSearch: true }).then((hit) => hit || fetch(e.request))));
});
