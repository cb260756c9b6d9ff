import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { artistWithMusic, insightsOf, play, yesterday } from '../helpers/insights.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/**
 * Plays arrive in time order here, as in production (ids follow played_at): the job folds them
 * by id up to the first play of today, which stays live. The tests run in order.
 */
describe('the rollup job', () => {
  it('adjusts a folded play when its length is reported late', async () => {
    const { owner, artist, first } = await artistWithMusic(t);
    const listener = await signedInUser(t.app);
    const id = await play(listener.browser, first.id, 'direct');
    // The play started just before midnight, and the job ran before its end was reported.
    await t.database.db
      .updateTable('track_plays')
      .set({ played_at: `${yesterday}T23:59:00.000Z` })
      .where('id', '=', id)
      .execute();
    expect(await t.app.services.insightsRollup.run()).toEqual({ plays: 1, visits: 0 });
    const beforeReport = await insightsOf(owner.browser, `artists/${artist.id}`);
    expect(beforeReport.totals).toMatchObject({ plays: 1, listened_ms: 0, completions: 0 });

    await listener.browser.put(`/api/v1/plays/${id}`, { listened_ms: 180_000, completed: true });
    const afterReport = await insightsOf(owner.browser, `artists/${artist.id}`);
    expect(afterReport.totals).toMatchObject({ plays: 1, listened_ms: 180_000, completions: 1 });
    expect(afterReport.top_listeners[0]).toMatchObject({ plays: 1, listened_ms: 180_000 });
  });

  it('folds closed days once: the same numbers before, after, and after a second run', async () => {
    const { owner, artist, first, second } = await artistWithMusic(t);
    const ann = await signedInUser(t.app);
    const bob = await signedInUser(t.app);
    // Yesterday's plays, as the play call wrote them a day ago.
    const at = (hour: number) => `${yesterday}T${String(hour).padStart(2, '0')}:00:00.000Z`;
    const base = { listener: null, platform: null, browser: null };
    await t.database.db
      .insertInto('track_plays')
      .values([
        {
          ...base,
          track_id: first.id,
          user_id: ann.id,
          played_at: at(8),
          device: 'mobile',
          country: 'DE',
          source: 'search',
          listened_ms: 180_000,
          completed: 1,
        },
        {
          ...base,
          track_id: first.id,
          user_id: bob.id,
          played_at: at(9),
          device: 'desktop',
          country: 'FR',
          source: 'playlist',
          listened_ms: 30_000,
          completed: 0,
        },
        {
          ...base,
          track_id: second.id,
          user_id: ann.id,
          played_at: at(10),
          device: 'mobile',
          country: 'DE',
          source: 'album',
          listened_ms: 90_000,
          completed: 0,
        },
      ])
      .execute();
    // And one of today, which stays live.
    await play(ann.browser, second.id, 'search', { ms: 180_000, completed: true });

    const before = await insightsOf(owner.browser, `artists/${artist.id}`);
    expect(before.totals).toMatchObject({ plays: 4, listeners: 2, completions: 2 });
    expect(before.series.at(-2)).toMatchObject({ date: yesterday, plays: 3, listeners: 2 });
    expect(before.breakdowns.country).toEqual([
      { value: 'DE', plays: 2 },
      { value: 'FR', plays: 1 },
      { value: 'unknown', plays: 1 },
    ]);

    expect(await t.app.services.insightsRollup.run()).toEqual({ plays: 3, visits: 0 });
    const rolled = await t.database.db
      .selectFrom('play_daily')
      .select(['day', 'plays'])
      .where('scope', '=', 'artist')
      .where('scope_id', '=', artist.id)
      .execute();
    expect(rolled.map((r) => [r.day, Number(r.plays)])).toEqual([[yesterday, 3]]);
    expect(await insightsOf(owner.browser, `artists/${artist.id}`)).toEqual(before);

    expect(await t.app.services.insightsRollup.run()).toEqual({ plays: 0, visits: 0 });
    expect(await insightsOf(owner.browser, `artists/${artist.id}`)).toEqual(before);
  });
});
