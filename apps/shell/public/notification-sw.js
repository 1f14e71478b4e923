/* global self */
/*
 * The notifications service worker, served from the fixed root path /notification-sw.js so that it controls the
 * whole origin. It shows browser push notifications (payload {id, type, title, message, actionUrl}, decrypted by the
 * browser) and opens the notification's screen on click. The page shows live notifications through the same
 * registration, with the notification's id as the tag, so a push and a live notification replace each other.
 */
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  let payload = {};
  try {
    payload = event.data ? event.data.json() : {};
  } catch {
    payload = { title: 'Team Inbox', message: event.data ? event.data.text() : '' };
  }
  const title = payload.title || 'Team Inbox';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: payload.message || '',
      tag: payload.id,
      data: { actionUrl: payload.actionUrl || '/admin/notifications' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(
    (event.notification.data && event.notification.data.actionUrl) || '/admin/notifications',
    self.location.origin,
  );
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => new URL(client.url).origin === target.origin);
      if (open) return open.focus().then((client) => client.navigate(target.href));
      return self.clients.openWindow(target.href);
    }),
  );
});
