// Betwixt service worker: takes control at once, and brings the app to the front on a notification
// click. The page shows notifications itself through registration.showNotification.
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
      // The app navigates inside the page (no reload); see the 'navigate' listener in main.tsx.
      focused.postMessage({ type: 'navigate', url });
    })(),
  );
});
