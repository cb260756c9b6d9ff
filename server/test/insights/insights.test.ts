import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, type Dashboard } from '@backbeat/common';
import { signedInUser } from '../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { openBrowser } from '../helpers/client.ts';
import {
  DESKTOP_CHROME,
  IPHONE,
  artistWithMusic as artistWithMusicOf,
  insightsOf,
  lastWeek,
  play,
  today,
} from '../helpers/insights.ts';

let t: TestApp;
const week = lastWeek;
const artistWithMusic = () => artistWithMusicOf(t);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('play reporting', () => {
  it('answers a play id, records how long the play lasted, and refuses anyone else', async () => {
    const { first } = await artistWithMusic();
    const listener = await signedInUser(t.app, {}, { userAgent: IPHONE });
    const id = await play(listener.browser, first.id, 'playlist');
    const report = (ms: number, completed = false) =>
      listener.browser.put(`/api/v1/plays/${id}`, { listened_ms: ms, completed });

    expect((await report(60_000)).statusCode).toBe(200);
    const stored = () =>
      t.database.db
        .selectFrom('track_plays')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    expect(await stored()).toMatchObject({
      listened_ms: 60_000,
      completed: 0,
      source: 'playlist',
      device: 'mobile',
      platform: 'iOS',
    });
    // A later, shorter report does not shrink it; heard to (nearly) the end, it is completed.
    await report(30_000);
    expect((await stored()).listened_ms).toBe(60_000);
    await report(175_000);
    expect(await stored()).toMatchObject({ listened_ms: 175_000, completed: 1 });
    // Clamped to the track's length (createTrack makes them 180 s long).
    await report(999_000, true);
    expect((await stored()).listened_ms).toBe(180_000);

    const stranger = await signedInUser(t.app);
    const theirs = await stranger.browser.put(`/api/v1/plays/${id}`, { listened_ms: 1 });
    expect(theirs.statusCode).toBe(404);
    const guest = await openBrowser(t.app);
    expect((await guest.put(`/api/v1/plays/${id}`, { listened_ms: 1 })).statusCode).toBe(404);
    expect((await report(-5)).statusCode).toBe(422);
    const bad = await listener.browser.put(`/api/v1/plays/${id}`, { listened_ms: 'long' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ errors: { listened_ms: [expect.any(String)] } });
    const badSource = await listener.browser.post(`/api/v1/tracks/${first.id}/plays`, {
      source: 'tv',
    });
    expect(badSource.json()).toMatchObject({ errors: { source: [expect.any(String)] } });
  });

  it("lets a guest report their own play's length", async () => {
    const { first } = await artistWithMusic();
    const guest = await openBrowser(t.app);
    const id = await play(guest, first.id, 'embed', { ms: 12_000 });
    const row = await t.database.db
      .selectFrom('track_plays')
      .select(['listened_ms', 'user_id', 'source'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ listened_ms: 12_000, user_id: null, source: 'embed' });
  });
});

describe('GET artists|albums|tracks/{id}/insights', () => {
  it("adds up today's plays live: plays, unique listeners, completion, sources, top tracks and listeners", async () => {
    const { owner, artist, album, first, second, single } = await artistWithMusic();
    const ann = await signedInUser(t.app, { name: 'Ann Listener' }, { userAgent: IPHONE });
    const bob = await signedInUser(t.app, { name: 'Bob Listener' }, { userAgent: DESKTOP_CHROME });
    const guest = await openBrowser(t.app, { userAgent: DESKTOP_CHROME });

    await play(ann.browser, first.id, 'search', { ms: 180_000, completed: true });
    await play(ann.browser, first.id, 'search', { ms: 20_000 });
    await play(ann.browser, second.id, 'album', { ms: 100_000 });
    await play(bob.browser, first.id, 'playlist', { ms: 180_000, completed: true });
    await play(guest, single.id, 'radio', { ms: 40_000 });

    const insights = await insightsOf(owner.browser, `artists/${artist.id}`);
    expect(insights.subject).toEqual({ type: 'artist', id: artist.id, name: artist.name });
    expect(insights.totals).toEqual({
      plays: 5,
      listeners: 3,
      listened_ms: 520_000,
      completions: 2,
      completion_rate: 0.4,
      average_listen_ms: 104_000,
    });
    expect(insights.series).toHaveLength(7);
    expect(insights.series.at(-1)).toMatchObject({ date: today, plays: 5, listeners: 3 });
    expect(insights.series.slice(0, -1).every((p) => p.plays === 0)).toBe(true);
    expect(insights.previous_totals.plays).toBe(0);
    expect(insights.previous_series).toHaveLength(7);
    expect(insights.top_tracks).toEqual([
      { id: first.id, name: first.name, plays: 3 },
      { id: second.id, name: second.name, plays: 1 },
      { id: single.id, name: single.name, plays: 1 },
    ]);
    expect(insights.top_listeners.map((l) => [l.user.name, l.plays, l.listened_ms])).toEqual([
      ['Ann Listener', 3, 300_000],
      ['Bob Listener', 1, 180_000],
    ]);
    expect(insights.breakdowns.source).toEqual([
      { value: 'search', plays: 2 },
      { value: 'album', plays: 1 },
      { value: 'playlist', plays: 1 },
      { value: 'radio', plays: 1 },
    ]);
    expect(insights.breakdowns.device).toEqual([
      { value: 'mobile', plays: 3 },
      { value: 'desktop', plays: 2 },
    ]);
    expect(insights.breakdowns.browser[0]).toEqual({ value: 'Mobile Safari', plays: 3 });
    expect(insights.breakdowns.country).toEqual([{ value: 'unknown', plays: 5 }]);

    const albumInsights = await insightsOf(owner.browser, `albums/${album.id}`);
    expect(albumInsights.totals).toMatchObject({ plays: 4, listeners: 2, completions: 2 });
    const trackInsights = await insightsOf(owner.browser, `tracks/${first.id}`);
    expect(trackInsights.totals).toMatchObject({ plays: 3, listeners: 2, completions: 2 });
    expect(trackInsights.top_tracks).toEqual([]);
  });

  it('groups by week and month, and compares with the previous period', async () => {
    const { owner, artist, first } = await artistWithMusic();
    const listener = await signedInUser(t.app);
    await play(listener.browser, first.id, 'direct');
    const monthly = await insightsOf(
      owner.browser,
      `artists/${artist.id}`,
      `from=${addDays(today, -89)}&to=${today}&granularity=month`,
    );
    expect(monthly.range).toMatchObject({
      granularity: 'month',
      previous_to: addDays(today, -90),
      previous_from: addDays(today, -179),
    });
    expect(monthly.series.length).toBeGreaterThanOrEqual(3);
    expect(monthly.series.every((p) => p.date.endsWith('-01'))).toBe(true);
    expect(monthly.series.at(-1)!.plays).toBe(1);
    const weekly = await insightsOf(
      owner.browser,
      `artists/${artist.id}`,
      `from=${addDays(today, -27)}&to=${today}&granularity=week`,
    );
    expect(weekly.series.reduce((n, p) => n + p.plays, 0)).toBe(1);
    expect(new Date(`${weekly.series.at(-1)!.date}T00:00:00Z`).getUTCDay()).toBe(1);
  });

  it("answers 404 for someone else's or a missing artist, album or track; admins see all", async () => {
    const { artist, album, first } = await artistWithMusic();
    const stranger = await signedInUser(t.app);
    for (const path of [`artists/${artist.id}`, `albums/${album.id}`, `tracks/${first.id}`]) {
      const response = await stranger.browser.get(`/api/v1/${path}/insights?${week}`);
      expect(response.statusCode, path).toBe(404);
    }
    expect((await stranger.browser.get(`/api/v1/artists/999999/insights?${week}`)).statusCode).toBe(
      404,
    );
    const guest = await openBrowser(t.app);
    expect((await guest.get(`/api/v1/artists/${artist.id}/insights?${week}`)).statusCode).toBe(401);
    const admin = await openBrowser(t.app);
    await admin.login(t.admin.email, t.admin.password);
    expect((await admin.get(`/api/v1/albums/${album.id}/insights?${week}`)).statusCode).toBe(200);
  });

  it('answers 422 for a bad range', async () => {
    const { owner, artist } = await artistWithMusic();
    const ask = (query: string) =>
      owner.browser.get(`/api/v1/artists/${artist.id}/insights?${query}`);
    const backwards = await ask(`from=${today}&to=${addDays(today, -3)}`);
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json()).toMatchObject({ errors: { to: [expect.any(String)] } });
    const tooLong = await ask(`from=${addDays(today, -400)}&to=${today}`);
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json()).toMatchObject({ errors: { to: [expect.any(String)] } });
    const notADate = await ask(`from=yesterday&to=${today}`);
    expect(notADate.json()).toMatchObject({ errors: { from: [expect.any(String)] } });
    expect((await ask(`from=${today}&to=${today}&granularity=hour`)).statusCode).toBe(422);
    const longAgo = await ask(`from=${addDays(today, -500)}`);
    expect(longAgo.json()).toMatchObject({ errors: { to: [expect.any(String)] } });
    // With no range at all, the last 28 days.
    const fallback = await ask('');
    expect(fallback.statusCode).toBe(200);
    expect(fallback.json().insights.range).toMatchObject({ from: addDays(today, -27), to: today });
  });
});

describe('GET admin/dashboard and POST visits', () => {
  it('shows plays, new users, uploads and visitors to admins only', async () => {
    const admin = await openBrowser(t.app);
    await admin.login(t.admin.email, t.admin.password);
    const ask = async () => {
      const response = await admin.get(`/api/v1/admin/dashboard?${week}`);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { dashboard: Dashboard }).dashboard;
    };
    const before = await ask();

    const { first } = await artistWithMusic();
    const visitor = await openBrowser(t.app, { userAgent: IPHONE });
    expect((await visitor.post('/api/v1/visits')).statusCode).toBe(200);
    expect((await visitor.post('/api/v1/visits')).statusCode).toBe(200);
    await play(visitor, first.id, 'search');
    await play(visitor, first.id, 'search');

    const after = await ask();
    expect(after.totals.plays - before.totals.plays).toBe(2);
    expect(after.totals.visitors - before.totals.visitors).toBe(1);
    // artistWithMusic made one account.
    expect(after.totals.new_users - before.totals.new_users).toBe(1);
    expect(after.series.at(-1)!.date).toBe(today);
    expect(after.top_tracks.find((track) => track.id === first.id)?.plays).toBe(2);
    expect(
      after.visitor_breakdowns.device.find((d) => d.value === 'mobile')?.plays,
    ).toBeGreaterThan(0);

    const listener = await signedInUser(t.app);
    expect((await listener.browser.get(`/api/v1/admin/dashboard?${week}`)).statusCode).toBe(403);
    expect((await admin.get(`/api/v1/admin/dashboard?from=x&to=${today}`)).statusCode).toBe(422);
  });
});
