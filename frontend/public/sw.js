// Betwixt service worker: takes control at once, shows Web Push messages while the app is not visible,
// and brings the app to the front on a notification click. An open app shows notifications itself
// through registration.showNotification.
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/** Only paths of this app are followed. */
function appUrl(value) {
  const url = new URL(value || '/', self.location.origin);
  return url.origin === self.location.origin ? url.pathname + url.search + url.hash : '/';
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = appUrl(event.notification.data && event.notification.data.url);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const app = windows.find((client) => !new URL(client.url).pathname.startsWith('/api/'));
      if (!app) {
        await self.clients.openWindow(url);
        return;
      }
      const focused = (await app.focus()) || app;
      // The app navigates inside the page (no reload); see the 'navigate' listener in src/app/main.tsx.
      focused.postMessage({ type: 'navigate', url });
    })(),
  );
});

// Web Push from the server (the app may be closed). Payload: { id, type, category, title, body, url, tag }.
// A visible window of the app already shows the same notification from its live stream, with the user's
// per-category switches, under the same tag; so the worker shows it only when no window is visible.
self.addEventListener('push', (event) => {
  let data;
  try {
    data = event.data ? event.data.json() : null;
  } catch {
    data = null;
  }
  if (!data || !data.title) return;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      if (windows.some((client) => client.visibilityState === 'visible')) return;
      await self.registration.showNotification(data.title, {
        body: data.body || '',
        tag: data.tag,
        icon: '/icons/icon-192.png',
        badge: '/icons/badge-96.png',
        vibrate: [200, 100, 200],
        data: { url: appUrl(data.url) },
      });
    })(),
  );
});
