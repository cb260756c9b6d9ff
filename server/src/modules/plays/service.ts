import { PLAY_COMPLETION_RATIO } from '@backbeat/common';
import { notFound } from '../../lib/domain-errors.ts';
import { parseUserAgent } from '../../lib/user-agent.ts';
import type { PlayRecord, PlaysRepository } from './repository.ts';

export type PlaysService = ReturnType<typeof createPlaysService>;

export interface PlayContext {
  userId: number | null;
  /** The session's hashed id, relating a guest's plays to each other. */
  listener: string | null;
  ip: string;
  userAgent: string | undefined;
  source: string;
}

const DAY_MS = 86_400_000;

/** Device, platform and browser of a play, from its user agent. */
export function describeClient(userAgent: string | undefined) {
  const result = parseUserAgent(userAgent);
  const type = result.device.type;
  return {
    device: type === 'mobile' || type === 'tablet' ? type : type ? 'other' : 'desktop',
    platform: result.os.name?.slice(0, 50) ?? null,
    browser: result.browser.name?.slice(0, 50) ?? null,
  };
}

export function createPlaysService(deps: {
  repository: PlaysRepository;
  /** Country code of an address, or null while no geo lookup is available. */
  countryOf: (ip: string) => Promise<string | null>;
  /** Bumps the play counters of the track, its album and artists. */
  countPlay: (trackId: number) => Promise<void>;
  /** The track's length in ms (0 when unknown), to clamp and judge a reported listen. */
  trackDuration: (trackId: number) => Promise<number>;
  /** Told when a play's length changes, so rollups that already counted it can follow. */
  listenedChanged?: (before: PlayRecord, after: PlayRecord) => Promise<void>;
}) {
  const { repository } = deps;
  return {
    /** When the user last played each track, and each album (any of its tracks). */
    lastPlayedBy: (userId: number, trackIds: readonly number[], albumIds: readonly number[]) =>
      repository.lastPlayedBy(userId, trackIds, albumIds),
    /**
     * Records one play (user, time, device, platform, browser, country, source) for radio,
     * charts and insights; answers its id, which the player reports the play's length to.
     */
    async log(trackId: number, context: PlayContext): Promise<number> {
      const country = await deps.countryOf(context.ip).catch(() => null);
      const id = await repository.insert({
        track_id: trackId,
        user_id: context.userId,
        listener: context.listener,
        played_at: new Date().toISOString(),
        ...describeClient(context.userAgent),
        country: country ? country.slice(0, 2).toUpperCase() : null,
        source: context.source,
      });
      await deps.countPlay(trackId);
      return id;
    },

    /**
     * How long a play lasted, from the browser that started it (its session, or its user):
     * anyone else's play is 404. Reports only grow (a later report of a shorter time is
     * ignored), are clamped to the track's length, and a play is completed once it ended or
     * most of the track was heard.
     */
    async reportListened(
      playId: number,
      report: { listenedMs: number; completed: boolean },
      context: Pick<PlayContext, 'userId' | 'listener'>,
    ): Promise<void> {
      const play = await repository.byId(playId);
      const mine =
        play &&
        ((play.listener !== null && play.listener === context.listener) ||
          (play.user_id !== null && play.user_id === context.userId));
      if (!play || !mine) throw notFound('This play does not exist.');
      const duration = await deps.trackDuration(play.track_id);
      const reported = duration > 0 ? Math.min(report.listenedMs, duration) : report.listenedMs;
      const listened = Math.max(play.listened_ms, reported);
      const completed =
        play.completed === 1 ||
        report.completed ||
        (duration > 0 && listened >= duration * PLAY_COMPLETION_RATIO);
      if (listened === play.listened_ms && completed === (play.completed === 1)) return;
      await repository.setListened(play.id, listened, completed);
      await deps.listenedChanged?.(play, {
        ...play,
        listened_ms: listened,
        completed: completed ? 1 : 0,
      });
    },

    /** Plays after `afterId` in id order (insights fold them into rollups). */
    after: repository.after,
    firstIdSince: repository.firstIdSince,
    trending: (days: number, limit: number) =>
      repository.mostPlayedSince(new Date(Date.now() - days * DAY_MS).toISOString(), limit),
    alsoPlayed: (trackIds: number[], limit: number) => repository.alsoPlayed(trackIds, limit),
  };
}
