/* global self, clients */
// Browser push for Backbeat: shows what the server pushed and opens its page on click.

self.addEventListener('push', (event) => {
  let message;
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { body: event.data ? event.data.text() : '' };
  }
  event.waitUntil(
    self.registration.showNotification(message.title || 'Backbeat', {
      body: message.body || '',
      icon: message.icon || '/favicon.svg',
      tag: message.tag,
      data: { url: message.url || '/notifications' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url || '/', self.location.origin);
  // Only this site's pages are opened.
  if (target.origin !== self.location.origin) return;
  event.waitUntil(
    clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => new URL(w.url).origin === target.origin);
      if (open) return open.navigate(target.href).then((w) => (w || open).focus());
      return clients.openWindow(target.href);
    }),
  );
});
