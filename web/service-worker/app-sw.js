/* global self, caches, importScripts */
/* TrailBuddy's one service worker (one per scope, so Web Push's handlers come in with importScripts).
 * The build (web/vite.config.ts, appServiceWorker) writes it to /sw.js with PRECACHE: the app's built scripts and
 * stylesheet, whose names carry their content hash, so a cached one is never stale.
 * - install: caches the app shell (/index.html and PRECACHE) under this build's cache name;
 * - activate: drops other builds' caches and takes over open tabs;
 * - a page navigation: the network first (the server's page, prerendered or the SPA's index.html); offline, the
 *   cached app shell, which starts the app from its cached scripts;
 * - /assets/*: the cache first (hashed, immutable), else the network, kept for next time;
 * - /config.json: the network first, the last copy offline (it holds no personal data);
 * - anything else (the API, other origins): untouched. Personal data is never cached here. */
importScripts('/push-sw.js');

const PRECACHE = self.__PRECACHE__ ?? [];
const BUILD = self.__BUILD__ ?? 'dev';
const CACHE = `trailbuddy-shell-${BUILD}`;
const SHELL = '/index.html';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll([SHELL, '/config.json', '/manifest.webmanifest', ...PRECACHE]))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names.filter((name) => name.startsWith('trailbuddy-shell-') && name !== CACHE).map((n) => caches.delete(n)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(fetch(request).catch(() => caches.match(SHELL, { cacheName: CACHE })));
  } else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirst(request));
  } else if (url.pathname === '/config.json') {
    event.respondWith(networkFirst(request));
  }
});

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

async function networkFirst(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone());
    return response;
  } catch (error) {
    const cached = await cache.match(request);
    if (cached) return cached;
    throw error;
  }
}
