// workforce console service worker: makes the console installable and shows an offline notice.
// It caches only the static assets; pages and data always come from the server (they change every minute).
const CACHE = 'wf-console-v1'
const ASSETS = ['/assets/console.css', '/assets/console.js', '/assets/htmx.min.js', '/assets/icon.svg', '/offline']
self.addEventListener('install', (e) => {
  e.waitUntil(
    caches
      .open(CACHE)
      .then((c) => c.addAll(ASSETS))
      .then(() => self.skipWaiting()),
  )
})
self.addEventListener('activate', (e) => {
  e.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  )
})
self.addEventListener('fetch', (e) => {
  const req = e.request
  if (req.method !== 'GET') return
  const url = new URL(req.url)
  if (url.origin !== self.location.origin) return
  if (url.pathname.startsWith('/assets/')) {
    e.respondWith(caches.match(req).then((hit) => hit ?? fetch(req)))
  } else if (req.mode === 'navigate') {
    e.respondWith(fetch(req).catch(() => caches.match('/offline')))
  }
})
