import { isoDay } from '@backbeat/common';
import type { PlayRecord } from '../plays/repository.ts';
import { createFold, listenerKeyOf, type Fold, type FoldEvent, type Scope } from './fold.ts';
import { emptySketch, mergeEncoded } from './hyperloglog.ts';
import type { InsightsRepository } from './repository.ts';

/** Where a track's plays count besides the track: its album and its artists. */
export interface TrackScopes {
  albumId: number | null;
  artistIds: number[];
}

export interface RollupDeps {
  repository: InsightsRepository;
  plays: {
    after(
      afterId: number,
      options: { beforeId?: number | null; trackIds?: readonly number[]; limit: number },
    ): Promise<PlayRecord[]>;
    firstIdSince(afterId: number, since: string): Promise<number | null>;
  };
  scopesOfTracks(trackIds: readonly number[]): Promise<Map<number, TrackScopes>>;
  now?: () => Date;
  /** Plays folded per transaction. */
  batchSize?: number;
}

export const PLAYS_ROLLUP = 'plays';
export const VISITS_ROLLUP = 'visits';
const DEFAULT_BATCH = 250_000;

export const playDay = (play: { played_at: string }) => play.played_at.slice(0, 10);

export function playScopes(play: { track_id: number }, scopes: TrackScopes | undefined): Scope[] {
  const all: Scope[] = [['track', play.track_id]];
  if (scopes?.albumId) all.push(['album', scopes.albumId]);
  for (const artistId of scopes?.artistIds ?? []) all.push(['artist', artistId]);
  all.push(['site', 0]);
  return all;
}

export function playEvent(play: PlayRecord, scopes: readonly Scope[]): FoldEvent {
  return {
    day: playDay(play),
    scopes,
    listenerKey: listenerKeyOf(play),
    userId: play.user_id,
    listenedMs: play.listened_ms,
    completed: play.completed === 1,
    dimensions: [
      ['country', play.country],
      ['device', play.device],
      ['platform', play.platform],
      ['browser', play.browser],
      ['source', play.source],
    ],
  };
}

/**
 * The rollup job: folds plays (and site visits) of closed days into the daily tables, walking
 * them by id from a watermark. Today's plays stay raw (insights add them live), so a play's
 * length reported minutes later is still counted; a report about an older, already folded play
 * adjusts its rows. Running it twice changes nothing: a batch and its watermark are written in
 * one transaction, and a batch whose watermark moved meanwhile (another instance) is dropped.
 */
export function createRollupService(deps: RollupDeps) {
  const { repository } = deps;
  const now = deps.now ?? (() => new Date());
  const batchSize = deps.batchSize ?? DEFAULT_BATCH;

  /** Writes a fold and moves the watermark, unless someone else moved it first. */
  async function commit(name: string, from: number, to: number, fold: Fold): Promise<boolean> {
    return repository.transaction(async (tx) => {
      if ((await tx.watermark(name)) !== from) return false;
      const days = fold.daily();
      const stored = await tx.storedDays(
        [...new Set(days.map((d) => d.scope))],
        [...new Set(days.map((d) => d.day))],
      );
      const byKey = new Map(stored.map((row) => [`${row.scope}|${row.scope_id}|${row.day}`, row]));
      for (const day of days) {
        const before = byKey.get(`${day.scope}|${day.scopeId}|${day.day}`);
        if (!before) continue;
        day.plays += Number(before.plays);
        day.listenedMs += Number(before.listened_ms);
        day.completions += Number(before.completions);
        if (before.listeners) {
          day.listeners ??= emptySketch();
          mergeEncoded(day.listeners, before.listeners);
        }
      }
      await tx.writeDays(days);
      await tx.addDimensions(fold.dimensions());
      await tx.addListeners(fold.listeners());
      await tx.saveWatermark(name, to);
      return true;
    });
  }

  async function rollPlays(): Promise<number> {
    const todayStart = `${isoDay(now())}T00:00:00.000Z`;
    let folded = 0;
    for (;;) {
      const from = await repository.peekWatermark(PLAYS_ROLLUP);
      const boundary = await deps.plays.firstIdSince(from, todayStart);
      const batch = await deps.plays.after(from, { beforeId: boundary, limit: batchSize });
      if (!batch.length) return folded;
      const scopes = await deps.scopesOfTracks([...new Set(batch.map((p) => p.track_id))]);
      const fold = createFold();
      for (const play of batch)
        fold.add(playEvent(play, playScopes(play, scopes.get(play.track_id))));
      if (await commit(PLAYS_ROLLUP, from, batch[batch.length - 1]!.id, fold))
        folded += batch.length;
    }
  }

  async function rollVisits(): Promise<number> {
    const today = isoDay(now());
    let folded = 0;
    for (;;) {
      const from = await repository.peekWatermark(VISITS_ROLLUP);
      const boundary = await repository.firstVisitIdFrom(from, today);
      const batch = await repository.visitsAfter(from, { beforeId: boundary, limit: batchSize });
      if (!batch.length) return folded;
      const fold = createFold({ topListeners: false });
      for (const visit of batch) fold.add(visitEvent(visit));
      if (await commit(VISITS_ROLLUP, from, batch[batch.length - 1]!.id, fold))
        folded += batch.length;
    }
  }

  return {
    /** Folds every play and visit of closed days not folded yet; answers how many. */
    async run(): Promise<{ plays: number; visits: number }> {
      const plays = await rollPlays();
      const visits = await rollVisits();
      return { plays, visits };
    },

    /** A play's reported length changed after the job folded it: its rows follow. */
    async playLengthChanged(before: PlayRecord, after: PlayRecord): Promise<void> {
      if (before.id > (await repository.peekWatermark(PLAYS_ROLLUP))) return;
      const scopes = await deps.scopesOfTracks([before.track_id]);
      await repository.adjustRolled(
        playScopes(before, scopes.get(before.track_id)),
        playDay(before),
        before.user_id,
        {
          listenedMs: after.listened_ms - before.listened_ms,
          completions: after.completed - before.completed,
        },
      );
    },
  };
}

export type RollupService = ReturnType<typeof createRollupService>;

export interface VisitRecord {
  day: string;
  visitor: string;
  device: string | null;
  platform: string | null;
  browser: string | null;
  country: string | null;
}

export const visitEvent = (visit: VisitRecord): FoldEvent => ({
  day: visit.day,
  scopes: [['visits', 0]],
  listenerKey: visit.visitor,
  userId: null,
  listenedMs: 0,
  completed: false,
  dimensions: [
    ['country', visit.country],
    ['device', visit.device],
    ['platform', visit.platform],
    ['browser', visit.browser],
  ],
});
