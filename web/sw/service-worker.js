// Waco Commons' service worker, served as /sw.js; web/pwa-build.ts fills in the version and the
// first screen's files at build time. What it keeps: the app's shell (its HTML, scripts, styles,
// icons, and the code of a post's detail), public images, and the feed's first page *as a guest
// sees it*, fetched by the worker itself without cookies. No answer of the API made for a signed-in member is ever stored.

const VERSION = '__WACO_VERSION__';
const PRECACHE = ['__WACO_PRECACHE__'];

const SHELL = `waco-shell-${VERSION}`;
const ASSETS = 'waco-assets';
const IMAGES = 'waco-images';
const FEED = 'waco-feed';
const IMAGES_KEPT = 80;
/** The guest feed page is fetched again at most this often. */
const FEED_REFRESH_MS = 5 * 60_000;
/** The feed's first page as the app asks for it on its first screen. */
const FIRST_FEED_PAGE = '/api/posts?limit=15&offset=0';

self.addEventListener('install', (event) => {
  // Not activated until the page says so (its update prompt): a page is never run by two versions.
  event.waitUntil(
    (async () => {
      const shell = await caches.open(SHELL);
      // The shell as a guest gets it: should the gateway ever write the member into the page,
      // the kept copy still holds nothing of theirs.
      await shell.addAll([new Request('/', { cache: 'reload', credentials: 'omit' }), ...PRECACHE]);
      await refreshGuestFeed(FIRST_FEED_PAGE, true);
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith('waco-shell-') && name !== SHELL) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') event.respondWith(page(request));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(cacheFirst(request, ASSETS));
  else if (url.pathname.startsWith('/objects/')) event.respondWith(image(request));
  else if (isFirstFeedPage(url)) event.respondWith(feedPage(request, url));
  else if (PRECACHE.includes(url.pathname)) event.respondWith(shellFile(request, url));
  // Everything else, the rest of the API above all, goes to the network untouched.
});

/**
 * A file of the shell kept at install (the icons, the manifest, the head script's Intl worker,
 * whatever its query): the kept copy, so that an offline page asks the network for none of them.
 */
async function shellFile(request, url) {
  return (await caches.match(url.pathname, { cacheName: SHELL })) ?? fetch(request);
}

/** A page: the network's, else (offline) the app's shell, whose router shows the address. */
async function page(request) {
  try {
    return await fetch(request);
  } catch (err) {
    const shell = await caches.match('/', { cacheName: SHELL });
    if (shell) return shell;
    throw err;
  }
}

async function cacheFirst(request, cacheName) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const copy = response.clone();
    void caches.open(cacheName).then((cache) => cache.put(request, copy));
  }
  return response;
}

/** Public images, kept for offline reading; the oldest go past a few dozen. */
async function image(request) {
  const response = await cacheFirst(request, IMAGES);
  void caches.open(IMAGES).then(async (cache) => {
    const keys = await cache.keys();
    for (const old of keys.slice(0, Math.max(0, keys.length - IMAGES_KEPT))) await cache.delete(old);
  });
  return response;
}

/** `GET /api/posts` without a cursor or offset: the top of the feed (with or without filters). */
function isFirstFeedPage(url) {
  if (url.pathname !== '/api/posts') return false;
  return !url.searchParams.has('cursor') && (url.searchParams.get('offset') ?? '0') === '0';
}

/**
 * The feed's first page from the network, as asked (with the member's cookie), never stored.
 * Offline, the guest copy of that page (or of the unfiltered feed) answers, marked so the app
 * can say it is showing what it kept.
 */
async function feedPage(request, url) {
  try {
    const response = await fetch(request);
    if (response.ok) void refreshGuestFeed(url.pathname + url.search, false);
    return response;
  } catch (err) {
    const cache = await caches.open(FEED);
    const kept = (await cache.match(url.pathname + url.search)) ?? (await cache.match(FIRST_FEED_PAGE));
    if (!kept) throw err;
    const headers = new Headers(kept.headers);
    headers.set('x-waco-offline', '1');
    return new Response(kept.body, { status: 200, headers });
  }
}

/** Stores the page as a guest sees it: fetched without cookies, so nothing of a member's is kept. */
async function refreshGuestFeed(path, force) {
  try {
    const cache = await caches.open(FEED);
    const kept = await cache.match(path);
    const age = kept
      ? Date.now() - Number(kept.headers.get('x-waco-kept-at') ?? 0)
      : Number.POSITIVE_INFINITY;
    if (!force && age < FEED_REFRESH_MS) return;
    const response = await fetch(path, { credentials: 'omit', cache: 'no-store' });
    if (!response.ok) return;
    const headers = new Headers(response.headers);
    headers.set('x-waco-kept-at', String(Date.now()));
    await cache.put(path, new Response(await response.blob(), { status: 200, headers }));
  } catch {
    // Offline or refused: the copy kept before stays.
  }
}

// Web Push: each push is one notification (services/notifications, `PushMessage`).
self.addEventListener('push', (event) => {
  let message;
  try {
    message = event.data?.json();
  } catch {
    message = undefined;
  }
  const title = message?.title ?? 'Waco Commons';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: message?.body ?? '',
      tag: message?.tag,
      data: { url: message?.url ?? '/notifications' },
      icon: '/icons/icon-192.png',
      badge: '/icons/maskable-192.png',
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url ?? '/', self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        return open.navigate(target);
      }
      return self.clients.openWindow(target);
    })(),
  );
});
