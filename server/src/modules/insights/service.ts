import {
  INSIGHTS_TOP_LIMIT,
  PLAY_DIMENSIONS,
  bucketOf,
  VISIT_DIMENSIONS,
  isoDay,
  type Dashboard,
  type Insights,
  type InsightsQuery,
  type InsightsSubjectType,
  type PlayBreakdowns,
  type UserSummary,
  type VisitBreakdowns,
} from '@backbeat/common';
import { notFound } from '../../lib/domain-errors.ts';
import type { PlayRecord } from '../plays/repository.ts';
import { createFold, type Fold } from './fold.ts';
import type { InsightsRepository } from './repository.ts';
import {
  PLAYS_ROLLUP,
  VISITS_ROLLUP,
  playEvent,
  playScopes,
  visitEvent,
  type TrackScopes,
} from './rollup-service.ts';
import { fromLive, fromStored, rangeOf, rank, seriesOf, type DayFigures } from './series.ts';

/** Raw rows read per query while adding up what the rollup job has not reached (today). */
const LIVE_PAGE = 20_000;

export interface InsightsViewer {
  userId: number;
  /** May see every track's, album's and artist's insights (admins). */
  seesAll: boolean;
}

export interface InsightsDeps {
  repository: InsightsRepository;
  plays: {
    after(
      afterId: number,
      options: { trackIds?: readonly number[]; limit: number },
    ): Promise<PlayRecord[]>;
  };
  subjects: {
    subject(
      kind: InsightsSubjectType,
      id: number,
    ): Promise<{
      name: string;
      ownerId: number | null;
      artistIds: number[];
      trackIds: number[];
    } | null>;
    scopesOfTracks(trackIds: readonly number[]): Promise<Map<number, TrackScopes>>;
    names(kind: 'track' | 'artist', ids: readonly number[]): Promise<Map<number, string>>;
  };
  /** Whether the user may manage the artist (its members; backstage membership). */
  canManageArtist(userId: number, artistId: number): Promise<boolean>;
  userSummaries(ids: readonly number[]): Promise<UserSummary[]>;
  newUsersPerDay(from: string, to: string): Promise<{ day: string; count: number }[]>;
  uploadsPerDay(from: string, to: string): Promise<{ day: string; count: number }[]>;
  /** Country code of an address (null when unknown). */
  countryOf(ip: string): Promise<string | null>;
  describeClient(userAgent: string | undefined): {
    device: string;
    platform: string | null;
    browser: string | null;
  };
  now?: () => Date;
}

/** The breakdowns of one scope over a range: rolled-up sums plus today's live counts. */
function breakdownsOf<D extends readonly string[]>(
  dimensions: D,
  stored: { dimension: string; value: string; plays: number }[],
  live: Fold,
  scope: string,
  from: string,
  to: string,
) {
  const liveRows = live
    .dimensions()
    .filter((row) => row.scope === scope && row.day >= from && row.day <= to);
  return Object.fromEntries(
    dimensions.map((dimension) => [
      dimension,
      rank(
        [...stored, ...liveRows].filter((row) => row.dimension === dimension),
        INSIGHTS_TOP_LIMIT,
      ),
    ]),
  );
}

/**
 * Insights of a track, album or artist and the admin dashboard, read from the daily rollups
 * (a year is at most 366 rows a scope) plus the plays the rollup job has not folded yet.
 */
export function createInsightsService(deps: InsightsDeps) {
  const { repository } = deps;
  const now = deps.now ?? (() => new Date());

  /** Folds every play after the watermark (today's), optionally of some tracks only. */
  async function livePlays(
    scopesOf: (play: PlayRecord) => readonly (readonly [string, number])[],
    trackIds?: readonly number[],
    fold = createFold(),
  ) {
    let after = await repository.peekWatermark(PLAYS_ROLLUP);
    for (;;) {
      const page = await deps.plays.after(after, { trackIds, limit: LIVE_PAGE });
      for (const play of page) fold.add(playEvent(play, scopesOf(play)));
      if (page.length < LIVE_PAGE) return fold;
      after = page[page.length - 1]!.id;
    }
  }

  async function liveVisits() {
    const fold = createFold({ topListeners: false });
    let after = await repository.peekWatermark(VISITS_ROLLUP);
    for (;;) {
      const page = await repository.visitsAfter(after, { limit: LIVE_PAGE });
      for (const visit of page) fold.add(visitEvent(visit));
      if (page.length < LIVE_PAGE) return fold;
      after = page[page.length - 1]!.id;
    }
  }

  /** Stored days of a scope over both periods, with the live days added. */
  async function daysOf(scope: string, scopeId: number, from: string, to: string, live: Fold) {
    const stored = (await repository.days(scope, scopeId, from, to)).map(fromStored);
    const fresh = live
      .daily()
      .filter((d) => d.scope === scope && d.scopeId === scopeId)
      .map(fromLive);
    return [...stored, ...fresh] as DayFigures[];
  }

  async function mayView(
    viewer: InsightsViewer,
    subject: { ownerId: number | null; artistIds: number[] },
  ) {
    if (viewer.seesAll || subject.ownerId === viewer.userId) return true;
    for (const artistId of subject.artistIds) {
      if (await deps.canManageArtist(viewer.userId, artistId)) return true;
    }
    return false;
  }

  return {
    async insights(
      kind: InsightsSubjectType,
      id: number,
      query: InsightsQuery,
      viewer: InsightsViewer,
    ): Promise<Insights> {
      const subject = await deps.subjects.subject(kind, id);
      // Someone else's artist looks exactly like a missing one.
      if (!subject || !(await mayView(viewer, subject))) throw notFound();
      const range = rangeOf(query);
      // Today's plays of its tracks count for the subject, and per track for the top tracks.
      const live = await livePlays(
        (play) =>
          kind === 'track'
            ? [[kind, id]]
            : [
                [kind, id],
                ['track', play.track_id],
              ],
        subject.trackIds,
      );
      const days = await daysOf(kind, id, range.previous_from, range.to, live);
      const current = seriesOf(days, range.from, range.to, range.granularity);
      const previous = seriesOf(days, range.previous_from, range.previous_to, range.granularity);

      const [dimensions, topTracks, listeners] = await Promise.all([
        repository.dimensionTotals(kind, id, range.from, range.to),
        kind === 'track'
          ? Promise.resolve([])
          : repository.topOfScope(
              'track',
              range.from,
              range.to,
              subject.trackIds.length,
              subject.trackIds,
            ),
        repository.topListeners(kind, id, INSIGHTS_TOP_LIMIT),
      ]);

      const liveTracks = live
        .daily()
        .filter((d) => d.scope === 'track' && d.day >= range.from && d.day <= range.to)
        .map((d) => ({ value: String(d.scopeId), plays: d.plays }));
      const rankedTracks =
        kind === 'track'
          ? []
          : rank([
              ...topTracks.map((t) => ({ value: String(t.id), plays: t.plays })),
              ...liveTracks,
            ]);
      const trackNames = await deps.subjects.names(
        'track',
        rankedTracks.map((t) => Number(t.value)),
      );

      const listenerSums = new Map<number, { plays: number; listened_ms: number }>();
      for (const row of [
        ...listeners.map((l) => ({ userId: l.user_id, plays: l.plays, listenedMs: l.listened_ms })),
        ...live.listeners().filter((l) => l.scope === kind),
      ]) {
        const sum = listenerSums.get(row.userId) ?? { plays: 0, listened_ms: 0 };
        sum.plays += Number(row.plays);
        sum.listened_ms += Number(row.listenedMs);
        listenerSums.set(row.userId, sum);
      }
      const topListenerIds = [...listenerSums]
        .sort((a, b) => b[1].plays - a[1].plays || a[0] - b[0])
        .slice(0, INSIGHTS_TOP_LIMIT);
      const users = new Map(
        (await deps.userSummaries(topListenerIds.map(([userId]) => userId))).map((u) => [u.id, u]),
      );

      return {
        subject: { type: kind, id, name: subject.name },
        range,
        totals: current.totals,
        previous_totals: previous.totals,
        series: current.points,
        previous_series: previous.points,
        top_tracks: rankedTracks.map((t) => ({
          id: Number(t.value),
          name: trackNames.get(Number(t.value)) ?? '',
          plays: t.plays,
        })),
        top_listeners: topListenerIds.flatMap(([userId, sums]) => {
          const user = users.get(userId);
          return user ? [{ user, ...sums }] : [];
        }),
        breakdowns: breakdownsOf(
          PLAY_DIMENSIONS,
          dimensions,
          live,
          kind,
          range.from,
          range.to,
        ) as PlayBreakdowns,
      };
    },

    async dashboard(query: InsightsQuery): Promise<Dashboard> {
      const range = rangeOf(query);
      // Today's plays count for their track, album, artists and the site, as the job will.
      const live = createFold({ topListeners: false });
      let after = await repository.peekWatermark(PLAYS_ROLLUP);
      for (;;) {
        const page = await deps.plays.after(after, { limit: LIVE_PAGE });
        const scopes = await deps.subjects.scopesOfTracks([
          ...new Set(page.map((p) => p.track_id)),
        ]);
        for (const play of page) {
          const all = playScopes(play, scopes.get(play.track_id)).filter(
            ([scope]) => scope !== 'album',
          );
          live.add(playEvent(play, all));
        }
        if (page.length < LIVE_PAGE) break;
        after = page[page.length - 1]!.id;
      }
      const visits = await liveVisits();

      const [playDays, visitDays, users, uploads, playDims, visitDims, tracks, artists] =
        await Promise.all([
          daysOf('site', 0, range.previous_from, range.to, live),
          daysOf('visits', 0, range.previous_from, range.to, visits),
          deps.newUsersPerDay(range.previous_from, range.to),
          deps.uploadsPerDay(range.previous_from, range.to),
          repository.dimensionTotals('site', 0, range.from, range.to),
          repository.dimensionTotals('visits', 0, range.from, range.to),
          repository.topOfScope('track', range.from, range.to, INSIGHTS_TOP_LIMIT * 5),
          repository.topOfScope('artist', range.from, range.to, INSIGHTS_TOP_LIMIT * 5),
        ]);

      const period = (from: string, to: string) => {
        const plays = seriesOf(playDays, from, to, range.granularity);
        const visitors = seriesOf(visitDays, from, to, range.granularity);
        const countIn = (rows: { day: string; count: number }[], start: string, end: string) =>
          rows.filter((r) => r.day >= start && r.day <= end).reduce((n, r) => n + r.count, 0);
        const perBucket = (rows: { day: string; count: number }[]) => {
          const sums = new Map<string, number>();
          for (const row of rows) {
            if (row.day < from || row.day > to) continue;
            const bucket = bucketOf(row.day, range.granularity);
            sums.set(bucket, (sums.get(bucket) ?? 0) + row.count);
          }
          return sums;
        };
        const newUsers = perBucket(users);
        const newUploads = perBucket(uploads);
        const series = plays.points.map((point, index) => ({
          date: point.date,
          plays: point.plays,
          listeners: point.listeners,
          new_users: newUsers.get(point.date) ?? 0,
          uploads: newUploads.get(point.date) ?? 0,
          visitors: visitors.points[index]?.listeners ?? 0,
        }));
        return {
          series,
          totals: {
            plays: plays.totals.plays,
            listeners: plays.totals.listeners,
            listened_ms: plays.totals.listened_ms,
            new_users: countIn(users, from, to),
            uploads: countIn(uploads, from, to),
            visitors: visitors.totals.listeners,
          },
        };
      };
      const current = period(range.from, range.to);
      const previous = period(range.previous_from, range.previous_to);

      const liveTop = (scope: string) =>
        live
          .daily()
          .filter((d) => d.scope === scope && d.day >= range.from && d.day <= range.to)
          .map((d) => ({ value: String(d.scopeId), plays: d.plays }));
      const ranked = (scope: string, stored: { id: number; plays: number }[]) =>
        rank([...stored.map((r) => ({ value: String(r.id), plays: r.plays })), ...liveTop(scope)]);
      const topTracks = ranked('track', tracks);
      const topArtists = ranked('artist', artists);
      const [trackNames, artistNames] = await Promise.all([
        deps.subjects.names(
          'track',
          topTracks.map((t) => Number(t.value)),
        ),
        deps.subjects.names(
          'artist',
          topArtists.map((t) => Number(t.value)),
        ),
      ]);
      const named = (rows: { value: string; plays: number }[], names: Map<number, string>) =>
        rows.map((r) => ({
          id: Number(r.value),
          name: names.get(Number(r.value)) ?? '',
          plays: r.plays,
        }));

      return {
        range,
        totals: current.totals,
        previous_totals: previous.totals,
        series: current.series,
        top_tracks: named(topTracks, trackNames),
        top_artists: named(topArtists, artistNames),
        plays_breakdowns: breakdownsOf(
          PLAY_DIMENSIONS,
          playDims,
          live,
          'site',
          range.from,
          range.to,
        ) as PlayBreakdowns,
        visitor_breakdowns: breakdownsOf(
          VISIT_DIMENSIONS,
          visitDims,
          visits,
          'visits',
          range.from,
          range.to,
        ) as VisitBreakdowns,
      };
    },

    /** Counts this browser session as today's visitor (once a day). */
    async recordVisit(visit: {
      visitor: string;
      userId: number | null;
      ip: string;
      userAgent: string | undefined;
    }): Promise<void> {
      const country = await deps.countryOf(visit.ip).catch(() => null);
      await repository.recordVisit({
        day: isoDay(now()),
        visitor: visit.visitor,
        user_id: visit.userId,
        ...deps.describeClient(visit.userAgent),
        country: country ? country.slice(0, 2).toUpperCase() : null,
        created_at: now().toISOString(),
      });
    },
  };
}

export type InsightsService = ReturnType<typeof createInsightsService>;
