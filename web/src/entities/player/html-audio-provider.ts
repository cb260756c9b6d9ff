import type { PlaybackEvents, PlaybackProvider } from './playback-provider.ts';

/**
 * Two <audio> elements: one plays while the other preloads the next track, and they swap
 * when it starts, so one track runs into the next without waiting for the network.
 */
export function createHtmlAudioProvider(): PlaybackProvider {
  let events: PlaybackEvents | null = null;
  let volume = 1;
  let muted = false;
  const elements: HTMLAudioElement[] = [];
  let active: HTMLAudioElement | null = null;
  let standby: HTMLAudioElement | null = null;

  function create(): HTMLAudioElement {
    const audio = new Audio();
    audio.preload = 'auto';
    const from = (handler: () => void) => () => {
      if (audio === active) handler();
    };
    audio.addEventListener(
      'timeupdate',
      from(() => events?.time(audio.currentTime, audio.duration || 0)),
    );
    audio.addEventListener(
      'durationchange',
      from(() => events?.time(audio.currentTime, audio.duration || 0)),
    );
    audio.addEventListener(
      'playing',
      from(() => events?.playing()),
    );
    audio.addEventListener(
      'pause',
      from(() => !audio.ended && events?.paused()),
    );
    audio.addEventListener(
      'waiting',
      from(() => events?.waiting()),
    );
    audio.addEventListener(
      'ended',
      from(() => events?.ended()),
    );
    audio.addEventListener(
      'error',
      from(() => events?.error(audio.error?.message || 'This track could not be played.')),
    );
    elements.push(audio);
    return audio;
  }

  const ensure = () => {
    active ??= create();
    standby ??= create();
    return active;
  };
  const applyVolume = (audio: HTMLAudioElement) => {
    audio.volume = volume;
    audio.muted = muted;
  };
  const startPlaying = (audio: HTMLAudioElement) =>
    audio.play().catch((error: unknown) => {
      // Interrupted by a newer load or pause: not a failure.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      if (error instanceof DOMException && error.name === 'NotAllowedError') {
        events?.paused();
        return;
      }
      events?.error(error instanceof Error ? error.message : 'Playback failed.');
    });

  return {
    load(src, { autoplay, startAt }) {
      const previous = ensure();
      let next = previous;
      if (standby && standby.src === src && previous.src !== src) {
        next = standby;
        standby = previous;
        active = next;
        previous.pause();
      } else if (previous.src !== src) {
        previous.src = src;
      }
      applyVolume(next);
      if (startAt !== undefined && startAt > 0) {
        const seekTo = () => {
          next.currentTime = startAt;
        };
        if (next.readyState >= 1) seekTo();
        else next.addEventListener('loadedmetadata', seekTo, { once: true });
      } else if (next.currentTime > 0) {
        next.currentTime = 0;
      }
      events?.time(startAt ?? 0, next.duration || 0);
      if (autoplay) void startPlaying(next);
    },
    play: async () => {
      const audio = ensure();
      applyVolume(audio);
      await startPlaying(audio);
    },
    pause: () => active?.pause(),
    stop() {
      for (const audio of elements) {
        audio.pause();
        audio.removeAttribute('src');
        audio.load();
      }
    },
    seek(seconds) {
      if (active && Number.isFinite(seconds)) active.currentTime = Math.max(0, seconds);
    },
    setVolume(value, mute) {
      volume = value;
      muted = mute;
      if (active) applyVolume(active);
    },
    preload(src) {
      ensure();
      if (!standby || !src || standby.src === src || active?.src === src) return;
      standby.src = src;
      standby.load();
    },
    listen(listener) {
      events = listener;
    },
  };
}
