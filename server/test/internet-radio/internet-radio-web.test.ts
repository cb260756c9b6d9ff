import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { openBrowser, type Browser } from '../helpers/client.ts';

/**
 * Internet radio stations in the web API (issue 38.6 item 3): admins keep them through the
 * admin resource (422 per field for an address that is not http or https), everyone signed in
 * lists them; listeners cannot change them and guests cannot list them.
 */
let t: TestApp;
let admin: Browser;
const ADMIN_STATIONS = '/api/v1/admin/internet-radio-stations';
const STATIONS = '/api/v1/internet-radio-stations';

interface Station {
  id: number;
  name: string;
  stream_url: string;
  homepage_url: string | null;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await openBrowser(t.app);
  await admin.login(t.admin.email, t.admin.password);
});
afterAll(() => t?.close());

describe('internet radio stations', () => {
  it('an admin creates, edits and deletes a station; listeners list it by name', async () => {
    const created = await admin.post(ADMIN_STATIONS, {
      name: 'Wave FM',
      stream_url: 'https://radio.example.test/wave.mp3',
      homepage_url: '',
    });
    expect(created.statusCode).toBe(201);
    const { station } = created.json() as { station: Station };
    expect(station.homepage_url).toBeNull();
    await admin.post(ADMIN_STATIONS, {
      name: 'Aurora',
      stream_url: 'http://radio.example.test/aurora.ogg',
      homepage_url: 'https://aurora.example.test/',
    });

    const listener = await signedInUser(t.app, { name: 'Rita Radio' });
    const listed = await listener.browser.get(STATIONS);
    expect(listed.statusCode).toBe(200);
    expect((listed.json() as { stations: Station[] }).stations).toEqual([
      expect.objectContaining({
        name: 'Aurora',
        stream_url: 'http://radio.example.test/aurora.ogg',
        homepage_url: 'https://aurora.example.test/',
      }),
      expect.objectContaining({ id: station.id, name: 'Wave FM', homepage_url: null }),
    ]);

    const edited = await admin.put(`${ADMIN_STATIONS}/${station.id}`, { name: 'Wave FM 2' });
    expect(edited.statusCode).toBe(200);
    // Subsonic apps get the same list.
    const rest = await t.app.services.internetRadio.list();
    expect(rest.map((row) => row.name)).toEqual(['Aurora', 'Wave FM 2']);

    const removed = await admin.delete(`${ADMIN_STATIONS}/${station.id}`);
    expect(removed.json()).toEqual({ deleted: 1 });
    const after = (await listener.browser.get(STATIONS)).json() as { stations: Station[] };
    expect(after.stations.map((row) => row.name)).toEqual(['Aurora']);
  });

  it.each([
    [{ name: 'Local', stream_url: 'ftp://radio.example.test/x.mp3' }, 'stream_url'],
    [{ name: 'Script', stream_url: 'javascript:alert(1)' }, 'stream_url'],
    [{ name: '', stream_url: 'https://radio.example.test/x.mp3' }, 'name'],
    [
      { name: 'Home', stream_url: 'https://radio.example.test/x.mp3', homepage_url: 'file:///x' },
      'homepage_url',
    ],
  ])('refuses %j with 422 on %s', async (input, field) => {
    const answer = await admin.post(ADMIN_STATIONS, input);
    expect(answer.statusCode).toBe(422);
    expect((answer.json() as { errors: Record<string, string[]> }).errors[field]).toBeDefined();
  });

  it('keeps listeners out of the admin resource and guests out of the list', async () => {
    const listener = await signedInUser(t.app, { name: 'Nina Notadmin' });
    const attempt = await listener.browser.post(ADMIN_STATIONS, {
      name: 'Pirate',
      stream_url: 'https://pirate.example.test/live',
    });
    expect(attempt.statusCode).toBe(403);
    const guest = await openBrowser(t.app);
    expect((await guest.get(STATIONS)).statusCode).toBe(401);
  });
});
