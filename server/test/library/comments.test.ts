import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppNotification, Pagination, TrackComment } from '@backbeat/common';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { guestBrowser, signedInUser } from '../helpers/accounts.ts';
import { createArtist, createTrack } from '../helpers/catalog.ts';
import type { Browser } from '../helpers/client.ts';

let t: TestApp;
let track: { id: number };
let privateTrack: { id: number };
let owner: Awaited<ReturnType<typeof signedInUser>>;

const post = (browser: Browser, trackId: number, body: object) =>
  browser.post(`/api/v1/tracks/${trackId}/comments`, body);
const list = async (browser: Browser, trackId: number) =>
  (await browser.get(`/api/v1/tracks/${trackId}/comments`)).json() as {
    enabled: boolean;
    comments: TrackComment[];
  };

beforeAll(async () => {
  t = await createTestApp();
  const artist = await createArtist(t.app);
  track = await createTrack(t.app, { name: 'Night Swim', artistIds: [artist.id] });
  owner = await signedInUser(t.app);
  privateTrack = await createTrack(t.app, {
    artistIds: [artist.id],
    ownerId: owner.id,
    isPublic: false,
  });
});

afterAll(async () => {
  await t.close();
});

describe('comments on tracks', () => {
  it('posts timed comments and one-level replies, and notifies the author replied to', async () => {
    const alice = await signedInUser(t.app, { name: 'Alice' });
    const bob = await signedInUser(t.app, { name: 'Bob' });
    const first = await post(alice.browser, track.id, {
      body: 'Love <b>this</b> drop',
      position: 42_000,
    });
    expect(first.statusCode).toBe(201);
    const comment = (first.json() as { comment: TrackComment }).comment;
    expect(comment).toMatchObject({
      body: 'Love <b>this</b> drop',
      position: 42_000,
      parent_id: null,
      user: { id: alice.id, name: 'Alice' },
    });
    // Positions past the end are clamped to the track's length (180 s in the factory).
    const late = await post(bob.browser, track.id, { body: 'Outro!', position: 999_000 });
    expect((late.json() as { comment: TrackComment }).comment.position).toBe(180_000);

    const reply = await post(bob.browser, track.id, { body: 'Same here', parent_id: comment.id });
    expect(reply.statusCode).toBe(201);
    const replyId = (reply.json() as { comment: TrackComment }).comment.id;
    // A reply to a reply joins the same thread.
    const nested = await post(alice.browser, track.id, { body: 'Right?', parent_id: replyId });
    expect((nested.json() as { comment: TrackComment }).comment.parent_id).toBe(comment.id);

    const shown = await list(bob.browser, track.id);
    expect(shown.enabled).toBe(true);
    expect(shown.comments.map((c) => c.body)).toEqual(['Outro!', 'Love <b>this</b> drop']);
    expect(shown.comments[1]!.replies.map((r) => r.body)).toEqual(['Same here', 'Right?']);

    const notes = (
      (await alice.browser.get('/api/v1/notifications')).json() as {
        pagination: Pagination<AppNotification>;
      }
    ).pagination.data;
    expect(notes.filter((n) => n.type === 'comment.reply')).toHaveLength(1);
  });

  it('lets the author or an admin delete, and nobody else', async () => {
    const author = await signedInUser(t.app);
    const other = await signedInUser(t.app);
    const made = async () =>
      ((await post(author.browser, track.id, { body: 'Mine' })).json() as { comment: TrackComment })
        .comment.id;
    const id = await made();
    expect(
      (await other.browser.request({ method: 'DELETE', url: `/api/v1/comments/${id}` })).statusCode,
    ).toBe(404);
    expect(
      (await author.browser.request({ method: 'DELETE', url: `/api/v1/comments/${id}` }))
        .statusCode,
    ).toBe(200);
    const second = await made();
    const admin = await guestBrowser(t.app);
    await admin.login(t.admin.email, t.admin.password);
    expect(
      (await admin.request({ method: 'DELETE', url: `/api/v1/comments/${second}` })).statusCode,
    ).toBe(200);
    expect((await list(author.browser, track.id)).comments.map((c) => c.id)).not.toContain(second);
    expect(
      (await author.browser.request({ method: 'DELETE', url: '/api/v1/comments/999999' }))
        .statusCode,
    ).toBe(404);
  });

  it("answers 404 for other users' private tracks", async () => {
    const other = await signedInUser(t.app);
    expect((await other.browser.get(`/api/v1/tracks/${privateTrack.id}/comments`)).statusCode).toBe(
      404,
    );
    expect((await post(other.browser, privateTrack.id, { body: 'hi' })).statusCode).toBe(404);
    // The owner comments on their own private track; others still cannot delete it.
    const own = await post(owner.browser, privateTrack.id, { body: 'note to self' });
    expect(own.statusCode).toBe(201);
    const id = (own.json() as { comment: TrackComment }).comment.id;
    expect(
      (await other.browser.request({ method: 'DELETE', url: `/api/v1/comments/${id}` })).statusCode,
    ).toBe(404);
  });

  it('refuses bad input with 422 and field errors', async () => {
    const { browser } = await signedInUser(t.app);
    const empty = await post(browser, track.id, { body: '   ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toMatchObject({ errors: { body: [expect.any(String)] } });
    const onlyControls = await post(browser, track.id, { body: '\u0000\u0007 ' });
    expect(onlyControls.statusCode).toBe(422);
    const bad = await post(browser, track.id, { body: 'x'.repeat(1001), position: -5 });
    expect(bad.json()).toMatchObject({
      errors: { body: [expect.any(String)], position: [expect.any(String)] },
    });
    const orphan = await post(browser, track.id, { body: 'hi', parent_id: 999999 });
    expect(orphan.statusCode).toBe(422);
    expect(orphan.json()).toMatchObject({ errors: { parent_id: [expect.any(String)] } });
    expect((await browser.get('/api/v1/tracks/abc/comments')).statusCode).toBe(422);
  });

  it('hides comments and refuses new ones when the setting turns them off', async () => {
    const { browser } = await signedInUser(t.app);
    await post(browser, track.id, { body: 'Before' });
    await t.app.services.settings.set({ 'player.track_comments': false });
    try {
      expect(await list(browser, track.id)).toEqual({ enabled: false, comments: [] });
      expect((await post(browser, track.id, { body: 'After' })).statusCode).toBe(403);
    } finally {
      await t.app.services.settings.set({ 'player.track_comments': true });
    }
  });

  it('needs a login to comment', async () => {
    const guest = await guestBrowser(t.app);
    await guest.open();
    expect((await post(guest, track.id, { body: 'hi' })).statusCode).toBe(401);
  });
});
