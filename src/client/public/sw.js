// Fair & Square's service worker (DESIGN.md section 12): it shows web pushes, opens a push's
// page when it is clicked, and answers a page load that cannot reach the network with the
// offline page. It caches nothing else: every page and script comes from the network, so a new
// deployment is what players get, never a stale copy.

// A new name when offline.html or its picture change: installing caches them again.
const CACHE = 'fs-offline-1';
const OFFLINE_PAGE = '/offline.html';
const OFFLINE_FILES = [OFFLINE_PAGE, '/favicon.svg'];
const ICON = '/icons/icon-192.png';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) =>
        cache.addAll(OFFLINE_FILES.map((url) => new Request(url, { cache: 'reload' }))),
      )
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) if (key !== CACHE) await caches.delete(key);
      // The page's request starts while the worker wakes up, instead of after.
      await self.registration.navigationPreload?.enable();
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  // The offline page's own picture: from the network while there is one, else the cached copy.
  if (url.origin === self.location.origin && OFFLINE_FILES.includes(url.pathname)) {
    event.respondWith(
      fetch(request).catch(async () => (await caches.match(url.pathname)) ?? Response.error()),
    );
    return;
  }
  if (request.mode !== 'navigate') return;
  event.respondWith(
    (async () => {
      try {
        return (await event.preloadResponse) ?? (await fetch(request));
      } catch {
        return (await caches.match(OFFLINE_PAGE)) ?? Response.error();
      }
    })(),
  );
});

/** A path of this site, or the home page: a push never sends the player elsewhere. */
const sitePath = (link) => (typeof link === 'string' && /^\/(?!\/)/.test(link) ? link : '/');

self.addEventListener('push', (event) => {
  let data;
  try {
    data = event.data?.json() ?? {};
  } catch {
    data = { body: event.data?.text() ?? '' };
  }
  const title = typeof data.title === 'string' && data.title ? data.title : 'Fair & Square';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === 'string' ? data.body : '',
      icon: ICON,
      data: { link: sitePath(data.link) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(sitePath(event.notification.data?.link), self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const same = windows.find((w) => w.url === url) ?? windows[0];
      if (same) {
        const focused = await same.focus();
        if (focused.url === url) return;
        // navigate() works on pages this worker controls; any other gets a new window.
        if (await focused.navigate(url).catch(() => null)) return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});

// The browser replaced the subscription (its push service rotated keys or expired it): pushes
// must follow it. A worker has no session, so the old endpoint, a secret this browser and the
// server share, names the row to move. The new subscription reuses the old one's server key.
self.addEventListener('pushsubscriptionchange', (event) => {
  event.waitUntil(
    (async () => {
      const old = event.oldSubscription;
      if (!old) return;
      const next =
        event.newSubscription ??
        (await self.registration.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: old.options.applicationServerKey,
        }));
      await fetch('/api/push/subscriptions/renew', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ oldEndpoint: old.endpoint, subscription: next.toJSON() }),
      });
    })(),
  );
});
