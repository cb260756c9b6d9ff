import type { GaplessInfo } from '@backbeat/common';
import type { EqualiserSettings } from './listening-settings.ts';

/**
 * How a track is played: `joined` puts it in a gapless run (decoded whole and joined to its
 * neighbours at the exact frame, see gapless-player.ts); `gapless` is its encoder delay and
 * padding, trimmed there.
 */
export interface TrackPlayback {
  levelDb?: number;
  joined?: boolean;
  gapless?: GaplessInfo | null;
  /** The tracks after this one that go on with its gapless run (decoded ahead, in order). */
  following?: FollowingTrack[];
}

export interface FollowingTrack {
  src: string;
  levelDb: number;
  gapless: GaplessInfo | null;
}

/** What the player store needs from a way of playing audio (HTML audio now; others later). */
export interface PlaybackEvents {
  time(position: number, duration: number): void;
  playing(): void;
  paused(): void;
  waiting(): void;
  /** The track ended, or began crossfading into the preloaded one: time to advance. */
  ended(): void;
  /** The track cannot be played (gone, unreadable, or the network stayed away): skip it. */
  error(message: string): void;
}

export interface PlaybackProvider {
  /**
   * Makes `src` the current audio; uses the preloaded one when it matches (gapless start).
   * `levelDb` is the track's loudness levelling (0 when off or unmeasured).
   */
  load(src: string, options: TrackPlayback & { autoplay: boolean; startAt?: number }): void;
  play(): Promise<void>;
  pause(): void;
  stop(): void;
  seek(seconds: number): void;
  setVolume(volume: number, muted: boolean): void;
  /**
   * Starts fetching the next track so it can begin without a gap (or crossfade into it);
   * a `joined` one is decoded ahead and starts at the current one's last frame.
   */
  preload(src: string | null, levelDb?: number, options?: TrackPlayback): void;
  /** Changes the current track's levelling (the listener changed the target or mode). */
  setLevel(levelDb: number): void;
  setEqualiser(settings: EqualiserSettings): void;
  /** Seconds of overlap with the preloaded track at the end of each track; 0 turns it off. */
  setCrossfade(seconds: number): void;
  listen(events: PlaybackEvents): void;
}
