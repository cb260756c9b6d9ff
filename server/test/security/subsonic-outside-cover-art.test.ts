import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createArtist } from '../helpers/catalog.ts';
import { uniqueIp } from '../helpers/client.ts';
import { solidPng } from '../helpers/images.ts';
import { failureOf, subsonicClientFrom } from '../helpers/subsonic-client.ts';
import { signedInUploader } from '../helpers/uploads.ts';

/**
 * Issue 35, item 12: an artist may type any address as their image. getCoverArt used to
 * redirect Subsonic apps there (`https://evil.example/…`, also the scheme-relative
 * `//evil.example/x`), sending every listener's app to a host of the artist's choosing.
 * /rest serves stored artwork only and never answers with a redirect.
 */
let test: TestApp;

beforeAll(async () => {
  test = await createTestApp();
});
afterAll(async () => {
  await test?.close();
});

/** An uploader who is a member of a fresh artist, as the backstage editor requires. */
async function artistAccount() {
  const account = await signedInUploader(test.app);
  const artist = await createArtist(test.app);
  await test.database.db
    .insertInto('artist_members')
    .values({ artist_id: artist.id, user_id: account.id, created_at: new Date().toISOString() })
    .execute();
  return { ...account, artist };
}

async function listenerClient() {
  const listener = await signedInUser(test.app, { name: 'Listening Lee' });
  const created = await listener.browser.post('/api/v1/account/app-passwords', { name: 'DSub' });
  const { password } = created.json() as { password: string };
  return subsonicClientFrom(test.app, uniqueIp(), { username: listener.email, password });
}

describe('cover art over /rest', () => {
  it.each(['https://evil.example/portrait.png', '//evil.example/x', '/\\evil.example/x'])(
    'never redirects to the image address an artist typed (%s)',
    async (typed) => {
      const owner = await artistAccount();
      const saved = await owner.browser.put(`/api/v1/backstage/artists/${owner.artist.id}`, {
        image: typed,
      });
      if (typed.startsWith('https:')) expect(saved.statusCode).toBe(200);
      else {
        // Scheme-relative: refused at the door since one image rule (issue 36.1); one stored
        // before it is still never followed.
        expect(saved.statusCode).toBe(422);
        await test.database.db
          .updateTable('artists')
          .set({ image: typed })
          .where('id', '=', owner.artist.id)
          .execute();
      }
      const client = await listenerClient();
      const id = `ar-${owner.artist.id}`;

      const cover = await client.getCoverArt({ id });
      expect(cover.status).toBe(200);
      expect(cover.headers.get('location')).toBeNull();
      const answer = ((await cover.json()) as { 'subsonic-response': unknown })[
        'subsonic-response'
      ];
      expect(failureOf(answer)?.code).toBe(70);

      // Nor is the address handed to the app to open by itself.
      const artist = await client.getArtist({ id });
      expect(artist.status).toBe('ok');
      expect(JSON.stringify(artist)).not.toContain('evil.example');
      expect(artist.artist).not.toHaveProperty('coverArt');
    },
  );

  it('still serves an uploaded artist image, as a JPEG from this server', async () => {
    const owner = await artistAccount();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(solidPng(8))], { type: 'image/png' }), 'a.png');
    const stored = await owner.browser.upload('/api/v1/backstage/artwork', form);
    expect(stored.statusCode).toBe(201);
    const { image } = stored.json() as { image: string };
    const saved = await owner.browser.put(`/api/v1/backstage/artists/${owner.artist.id}`, {
      image,
    });
    expect(saved.statusCode).toBe(200);
    const client = await listenerClient();
    const id = `ar-${owner.artist.id}`;
    expect((await client.getArtist({ id })).artist).toMatchObject({ coverArt: id });
    const cover = await client.getCoverArt({ id, size: 4 });
    expect(cover.status).toBe(200);
    expect(cover.headers.get('content-type')).toBe('image/jpeg');
  });
});
