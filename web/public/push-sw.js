/* global self */
/* Web Push handlers of the app's one service worker (web/service-worker/app-sw.js imports this file).
 * `push`: shows the notification the server sent ({ title, body, link, tag }, functions/shared/schemas/push.ts).
 * `notificationclick`: focuses a TrailBuddy tab and opens the link there, or opens a new tab on it.
 * A same-origin path only: the link never leaves the site. */
self.addEventListener('push', (event) => {
  let data = { title: 'TrailBuddy', body: 'You have a new notification.', link: '/notifications' };
  try {
    data = { ...data, ...event.data.json() };
  } catch {
    // A push without a readable payload still tells the person something happened.
  }
  const link =
    typeof data.link === 'string' && data.link.startsWith('/') && !data.link.startsWith('//')
      ? data.link
      : '/notifications';
  event.waitUntil(
    self.registration.showNotification(data.title, {
      body: data.body,
      tag: data.tag,
      icon: '/favicon.svg',
      data: { link },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.link ?? '/notifications', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((tabs) => {
      const tab = tabs.find((client) => new URL(client.url).origin === self.location.origin);
      if (tab) return tab.focus().then((focused) => focused.navigate(url));
      return self.clients.openWindow(url);
    }),
  );
});
