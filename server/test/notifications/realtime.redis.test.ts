import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { openDatabase, type DatabaseHandle } from '../../src/db/database.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { openBrowser } from '../helpers/client.ts';
import { createUser } from '../helpers/factories.ts';
import { openRealtime } from '../helpers/realtime.ts';
import { workspaceWith } from '../helpers/workspaces.ts';

// Runs when TEST_REDIS_URL is set (CI sets it); vitest.config.ts leaves the file out otherwise.
const redisUrl = process.env.TEST_REDIS_URL ?? '';

/** Two instances of the app, as behind a load balancer: one database, one Redis, one key. */
let first: TestApp;
let second: FastifyInstance;
let secondDatabase: DatabaseHandle;

beforeAll(async () => {
  // In process, not the built server (issue 37.3): a second instance is built here from the
  // first one's config, and the test counts each instance's open sockets.
  first = await createTestApp({ env: { REDIS_URL: redisUrl } });
  secondDatabase = openDatabase(first.config.database);
  second = await buildApp({ config: first.config, database: secondDatabase, logger: false });
  await second.ready();
});
afterAll(async () => {
  await second?.close();
  await secondDatabase?.destroy();
  await first?.close();
});

describe('realtime across instances sharing Redis', () => {
  it('delivers a notification created on one instance to a socket held by the other', async () => {
    const listener = await createUser(first.app);
    const browser = await openBrowser(second);
    await browser.login(listener.email, listener.password);
    const socket = await openRealtime(second, browser);

    // As the follows area will: through the service of the first instance.
    await first.app.services.notifications.notify(listener.id, 'user.followed', {
      follower: { id: 3, name: 'Across Instances', image: null },
    });
    const event = await socket.next((e) => e.type === 'notification');
    expect(event).toMatchObject({
      unreadCount: 1,
      notification: { data: { lines: [{ replacements: { name: 'Across Instances' } }] } },
    });
    expect(first.app.services.realtime.connections).toBe(0);
    expect(second.services.realtime.connections).toBe(1);
    await socket.close();
  });

  it('delivers the notification of an invite sent through the other instance’s API', async () => {
    const { id, owner } = await workspaceWith(first.app, [], 'Shared Room');
    const invitee = await createUser(first.app);
    const browser = await openBrowser(second);
    await browser.login(invitee.email, invitee.password);
    const socket = await openRealtime(second, browser);

    const invited = await owner.browser.post(`/api/v1/workspaces/${id}/invites`, {
      emails: [invitee.email],
    });
    expect(invited.statusCode).toBe(200);
    const event = await socket.next((e) => e.type === 'notification');
    expect(event).toMatchObject({
      notification: {
        type: 'workspace.invite',
        data: { lines: [{ replacements: { workspace: 'Shared Room' } }] },
      },
    });

    // Reading through the first instance updates the bell held by the second.
    const seen = socket.events.length;
    const session = await openBrowser(first.app);
    await session.login(invitee.email, invitee.password);
    await session.post('/api/v1/notifications/mark-all-as-read');
    expect(await socket.next((e) => e.type === 'notifications.read', { after: seen })).toEqual({
      type: 'notifications.read',
      unreadCount: 0,
    });
    await socket.close();
  });
});
