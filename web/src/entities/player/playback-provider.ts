/** What the player store needs from a way of playing audio (HTML audio now; others later). */
export interface PlaybackEvents {
  time(position: number, duration: number): void;
  playing(): void;
  paused(): void;
  waiting(): void;
  ended(): void;
  error(message: string): void;
}

export interface PlaybackProvider {
  /** Makes `src` the current audio; uses the preloaded one when it matches (gapless start). */
  load(src: string, options: { autoplay: boolean; startAt?: number }): void;
  play(): Promise<void>;
  pause(): void;
  stop(): void;
  seek(seconds: number): void;
  setVolume(volume: number, muted: boolean): void;
  /** Starts fetching the next track so it can begin without a gap. */
  preload(src: string | null): void;
  listen(events: PlaybackEvents): void;
}
