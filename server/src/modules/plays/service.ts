import { parseUserAgent } from '../../lib/user-agent.ts';
import type { PlaysRepository } from './repository.ts';

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
}) {
  const { repository } = deps;
  return {
    /** Records one play (user, time, device, platform, browser, country) for radio and charts. */
    async log(trackId: number, context: PlayContext): Promise<void> {
      const country = await deps.countryOf(context.ip).catch(() => null);
      await repository.insert({
        track_id: trackId,
        user_id: context.userId,
        listener: context.listener,
        played_at: new Date().toISOString(),
        ...describeClient(context.userAgent),
        country: country ? country.slice(0, 2).toUpperCase() : null,
        source: context.source,
      });
      await deps.countPlay(trackId);
    },
    trending: (days: number, limit: number) =>
      repository.mostPlayedSince(new Date(Date.now() - days * DAY_MS).toISOString(), limit),
    alsoPlayed: (trackIds: number[], limit: number) => repository.alsoPlayed(trackIds, limit),
  };
}
