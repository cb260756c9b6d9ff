import type { GaplessInfo } from '@backbeat/common';
import type { AudioGraph } from './audio-graph.ts';
import { musicFrames } from './gapless-trim.ts';
import { StreamRefused, withRetries } from './stream-retry.ts';

/**
 * Sample-exact joins for albums recorded without gaps, on the audio clock.
 *
 * Design: inside a gapless run every track plays from a decoded AudioBuffer, the first one
 * included. The other way, an <audio> element handing over to a buffer, cannot be made
 * sample-exact: the element's currentTime is interpolated on the main thread and drifts from
 * the audio clock by milliseconds, which is an audible gap or click in a continuous recording.
 * With buffers the whole timeline is the AudioContext's: a track started at frame F with
 * offset O ends exactly at F + length − O, and the next one is started at that very frame.
 * Position and seeking are read and done against that clock (a seek restarts the source at
 * the new offset). Decoded audio costs ~10 MB a minute, so only the playing track and the one
 * after it are ever held; a track is released once it has ended, and tracks longer than
 * MAX_DECODED_SECONDS fall back to streaming (their joins are then the elements' ordinary).
 */
export const MAX_DECODED_SECONDS = 30 * 60;
/** A track let go while it sounds (a skip) fades out over this long. */
const RELEASE_FADE_S = 0.04;
/** Sources start this far ahead, so the start frame is the one asked for, not "as soon as". */
const START_AHEAD_S = 0.03;

export interface GaplessTrack {
  src: string;
  info: GaplessInfo | null;
  /** Linear gain: the track's levelling times the listener's volume. */
  gain: number;
}

interface Voice {
  src: string;
  buffer: AudioBuffer;
  /** The music inside the decoded buffer (encoder delay and padding left out), in frames. */
  start: number;
  frames: number;
  gain: GainNode;
  source: AudioBufferSourceNode | null;
  /** Context time at which the music's first frame plays (or would have), while running. */
  origin: number;
  /** Seconds into the music while paused, else null. */
  pausedAt: number | null;
}

export interface GaplessEvents {
  /** The current buffer ran out with nothing joined after it. */
  ended(): void;
  /** The joined next track took over at its exact frame: the store moves on. */
  joined(): void;
}

export function createGaplessPlayer(graph: AudioGraph, events: GaplessEvents) {
  const { context } = graph;
  const rate = () => context.sampleRate;
  let current: Voice | null = null;
  let next: Voice | null = null;
  /** The decode under way for the next track, dropped when the queue changes. */
  let pending: { src: string; abort: AbortController } | null = null;

  async function decode(track: GaplessTrack, signal: AbortSignal): Promise<Voice> {
    const response = await withRetries(async () => {
      const answer = await fetch(track.src, { credentials: 'same-origin', signal });
      // 4xx: the track is not there for this listener; trying again will not change that.
      if (answer.status >= 400 && answer.status < 500) throw new StreamRefused(answer.statusText);
      if (!answer.ok) throw new Error(`The stream answered ${answer.status}.`);
      return answer.arrayBuffer();
    }, signal);
    const buffer = await context.decodeAudioData(response);
    if (buffer.duration > MAX_DECODED_SECONDS) throw new Error('Too long to decode whole.');
    const { start, frames } = musicFrames(buffer.length, buffer.sampleRate, track.info);
    const gain = context.createGain();
    gain.gain.value = track.gain;
    gain.connect(graph.input);
    return { src: track.src, buffer, start, frames, gain, source: null, origin: 0, pausedAt: 0 };
  }

  const endOf = (voice: Voice) => voice.origin + voice.frames / rate();
  /** A frame-aligned time on the audio clock, a little ahead of now. */
  const soon = () => Math.ceil((context.currentTime + START_AHEAD_S) * rate()) / rate();

  /** Starts `voice` at context time `when`, `offsetFrames` into its music. */
  function run(voice: Voice, when: number, offsetFrames: number) {
    const source = context.createBufferSource();
    source.buffer = voice.buffer;
    source.connect(voice.gain);
    const offset = Math.min(Math.max(0, offsetFrames), voice.frames);
    source.start(when, (voice.start + offset) / rate(), (voice.frames - offset) / rate());
    voice.source = source;
    voice.origin = when - offset / rate();
    voice.pausedAt = null;
    source.onended = () => {
      if (voice.source !== source) return;
      voice.source = null;
      if (voice !== current) return;
      if (next?.source) {
        release(current);
        current = next;
        next = null;
        events.joined();
      } else {
        current = null;
        release(voice);
        events.ended();
      }
    };
  }

  function silence(voice: Voice | null) {
    const source = voice?.source;
    if (!voice || !source) return;
    voice.source = null;
    source.onended = null;
    try {
      source.stop();
    } catch {
      // Never started: nothing to stop.
    }
    source.disconnect();
  }

  /** Lets go of a track; one still sounding fades out in a few hundredths (no click). */
  function release(voice: Voice | null) {
    if (!voice) return;
    if (!voice.source) return voice.gain.disconnect();
    const { gain } = voice;
    gain.gain.cancelScheduledValues(context.currentTime);
    gain.gain.setTargetAtTime(0, context.currentTime, RELEASE_FADE_S / 4);
    const source = voice.source;
    voice.source = null;
    source.onended = null;
    setTimeout(() => {
      try {
        source.stop();
      } catch {
        // Never started: nothing to stop.
      }
      source.disconnect();
      gain.disconnect();
    }, RELEASE_FADE_S * 1000);
  }

  /** Joins the decoded next track to the current one's last frame, when both are ready. */
  function scheduleNext() {
    if (!current?.source || !next || next.source) return;
    run(next, endOf(current), 0);
  }

  const positionOf = (voice: Voice) =>
    voice.pausedAt ??
    Math.min(Math.max(0, context.currentTime - voice.origin), voice.frames / rate());

  return {
    /** Whether a buffer is the current track (playing or paused). */
    get active() {
      return current !== null;
    },
    get playing() {
      return !!current?.source;
    },
    get src() {
      return current?.src ?? null;
    },
    position: () => (current ? positionOf(current) : 0),
    duration: () => (current ? current.frames / rate() : 0),

    /** Decodes a track and plays it from `startAt` (or holds it paused there). */
    async start(track: GaplessTrack, startAt: number, autoplay: boolean, signal: AbortSignal) {
      // Decoded ahead already (its join came too late, or the listener skipped to it).
      const ready = next?.src === track.src ? next : null;
      if (ready) {
        silence(ready);
        next = null;
      }
      const voice = ready ?? (await decode(track, signal));
      if (signal.aborted) {
        release(voice);
        return false;
      }
      this.stop();
      current = voice;
      if (autoplay) run(voice, soon(), Math.round(startAt * rate()));
      else voice.pausedAt = startAt;
      return true;
    },

    /** Makes the joined track current when the store catches up with it; false if it is not. */
    adopt(src: string) {
      return current?.src === src;
    },

    /** Decodes the next track ahead and joins it to the end of the current one. */
    prepareNext(track: GaplessTrack | null) {
      if (track && (next?.src === track.src || pending?.src === track.src)) return;
      pending?.abort.abort();
      pending = null;
      release(next);
      next = null;
      if (!track || !current) return;
      const abort = new AbortController();
      pending = { src: track.src, abort };
      decode(track, abort.signal)
        .then((voice) => {
          if (abort.signal.aborted) return release(voice);
          pending = null;
          next = voice;
          scheduleNext();
        })
        .catch(() => {
          // Not decodable ahead: the next track starts the ordinary way when this one ends.
          if (pending?.abort === abort) pending = null;
        });
    },

    pause() {
      if (!current?.source) return;
      const at = positionOf(current);
      silence(next);
      silence(current);
      current.pausedAt = at;
    },
    resume() {
      if (!current || current.source) return;
      run(current, soon(), Math.round((current.pausedAt ?? 0) * rate()));
      scheduleNext();
    },
    seek(seconds: number) {
      if (!current) return;
      if (!current.source) {
        current.pausedAt = Math.min(Math.max(0, seconds), current.frames / rate());
        return;
      }
      silence(next);
      silence(current);
      run(current, soon(), Math.round(seconds * rate()));
      scheduleNext();
    },
    setGain(gain: number) {
      current?.gain.gain.setTargetAtTime(gain, context.currentTime, 0.015);
    },
    /** Ends buffer playback and lets go of every decoded track. */
    stop() {
      pending?.abort.abort();
      pending = null;
      release(next);
      release(current);
      next = null;
      current = null;
    },
  };
}

export type GaplessPlayer = ReturnType<typeof createGaplessPlayer>;
