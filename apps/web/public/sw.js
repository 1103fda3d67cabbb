/* Keel's service worker: lets the app open with no network. Hand-written and small on purpose.
 *
 * - install: cache the app page and every built file listed in the Vite manifest
 * - /assets/*: cache first (file names carry a content hash, so a cached file never goes stale)
 * - page loads: network first, falling back to the cached app page
 * - /files/*: cache first (a file never changes under its id), kept for offline once shown; a
 *   file added on this device is put in that cache by the page before it is even uploaded
 * - /api, /auth, /db, /idp: never touched; they are live data and sign-in, not files
 */
const CACHE = 'keel-app-v1';
const APP_PAGE = '/index.html';
const MANIFEST = '/asset-manifest.json';
const LIVE_PREFIXES = ['/api/', '/auth/', '/db/', '/idp/'];
const MAX_ASSETS = 80;
// Not versioned with the app: files stay across releases (data/files/file-uploader.ts).
const FILES_CACHE = 'keel-files';

const isLive = (path) =>
  LIVE_PREFIXES.some((prefix) => path === prefix.slice(0, -1) || path.startsWith(prefix));

/** Every file the build produced, including chunks loaded later with import(). */
async function manifestFiles() {
  const response = await fetch(MANIFEST, { cache: 'no-cache' });
  if (!response.ok) return [];
  const manifest = await response.json();
  const files = new Set();
  for (const entry of Object.values(manifest)) {
    if (entry.file) files.add(`/${entry.file}`);
    for (const css of entry.css ?? []) files.add(`/${css}`);
    for (const asset of entry.assets ?? []) files.add(`/${asset}`);
  }
  return [...files];
}

async function precacheFiles() {
  const cache = await caches.open(CACHE);
  const files = await manifestFiles().catch(() => []);
  const missing = [];
  for (const file of files) if (!(await cache.match(file))) missing.push(file);
  await cache.addAll(missing);
}

async function precache() {
  const cache = await caches.open(CACHE);
  // The page every route is served from; '/' itself is only a redirect inside the app.
  await cache.add(APP_PAGE);
  await cache.add('/favicon.svg').catch(() => undefined);
  await precacheFiles();
}

// Hashed files pile up across releases; keep the newest few dozen.
async function trimAssets() {
  const cache = await caches.open(CACHE);
  const keys = (await cache.keys()).filter((r) => new URL(r.url).pathname.startsWith('/assets/'));
  await Promise.all(
    keys.slice(0, Math.max(0, keys.length - MAX_ASSETS)).map((r) => cache.delete(r)),
  );
}

self.addEventListener('install', (event) => {
  event.waitUntil(precache().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names.filter((n) => n.startsWith('keel-app-') && n !== CACHE).map((n) => caches.delete(n)),
      );
      await self.clients.claim();
    })(),
  );
});

async function assetFirst(request) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

async function fileFirst(request) {
  const cache = await caches.open(FILES_CACHE);
  const cached = await cache.match(request, { ignoreSearch: true });
  if (cached) return cached;
  const response = await fetch(request);
  // Only a member's own successful fetch is kept; never an error or a redirect to sign in.
  if (response.status === 200) await cache.put(request, response.clone());
  return response;
}

async function pageNetworkFirst(event) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(event.request);
    if (response.ok && (response.headers.get('content-type') ?? '').includes('text/html')) {
      await cache.put(APP_PAGE, response.clone());
      // A new release may have new files: fetch them now, while there is a network.
      event.waitUntil(
        precacheFiles()
          .then(trimAssets)
          .catch(() => undefined),
      );
    }
    return response;
  } catch {
    return (await cache.match(APP_PAGE)) ?? Response.error();
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || isLive(url.pathname)) return;

  if (url.pathname.startsWith('/files/')) event.respondWith(fileFirst(request));
  else if (request.mode === 'navigate') event.respondWith(pageNetworkFirst(event));
  else if (url.pathname.startsWith('/assets/') || url.pathname === '/favicon.svg')
    event.respondWith(assetFirst(request));
});
