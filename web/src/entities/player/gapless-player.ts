import type { GaplessInfo } from '@backbeat/common';
import type { AudioGraph } from './audio-graph.ts';
import { decodeMusic, type DecodedMusic } from './gapless-decode.ts';
import { StreamRefused, withRetries } from './stream-retry.ts';

/**
 * Sample-exact joins for albums recorded without gaps, on the audio clock.
 *
 * Design: inside a gapless run every track plays from a decoded AudioBuffer, the first one
 * included. The other way, an <audio> element handing over to a buffer, cannot be made
 * sample-exact: the element's currentTime is interpolated on the main thread and drifts from
 * the audio clock by milliseconds, which is an audible gap or click in a continuous recording.
 * With buffers the whole timeline is the AudioContext's, counted in whole frames: a track
 * started at frame F ends at a frame computed from integers, and the next one is started at
 * that very frame. (Sources end at a scheduled stop, never by a start's duration: Chromium
 * rounds a duration to one frame too many now and then, a doubled sample at the join.)
 * Where the file's rate is not the output's, gapless-decode.ts resamples the joined stream
 * once, so the tracks still meet without a click.
 *
 * Tracks are decoded ahead in order, each joined to the one before as soon as it is ready:
 * the next one always, and more while what is decoded ahead is shorter than AHEAD_SECONDS, so
 * a run of short tracks into a long one has that long one ready in time. A run is started
 * only once it has LEAD_SECONDS decoded (or all of it), for the same reason. Decoded audio
 * costs ~20 MB a minute; a track is released once it has ended, and tracks longer than
 * MAX_DECODED_SECONDS fall back to streaming (their joins are then the elements' ordinary).
 */
export const MAX_DECODED_SECONDS = 30 * 60;
/** Decoded audio wanted ahead of the current track's end. */
export const AHEAD_SECONDS = 10;
/** Decoded audio a run starts with (when it has that much): short tracks wait for the next. */
export const LEAD_SECONDS = 3;
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

interface Voice extends DecodedMusic {
  src: string;
  gain: GainNode;
  source: AudioBufferSourceNode | null;
  /** Context frame at which the music's first frame plays (or would have), while running. */
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
  /** Decoded tracks after the current one, in order; each joined to the one before it. */
  let ahead: Voice[] = [];
  /** The tracks after the current one the run goes on with, as the store last said. */
  let upcoming: GaplessTrack[] = [];
  /** The decode under way for the next track ahead, dropped when the queue changes. */
  let pending: { src: string; abort: AbortController } | null = null;
  /** A track ahead that could not be decoded: nothing after it is decoded ahead. */
  let stalledAt: string | null = null;
  /** Called whenever decoding ahead makes progress or stops. */
  let progress: Array<() => void> = [];

  async function decode(
    track: GaplessTrack,
    after: Voice | null,
    signal: AbortSignal,
  ): Promise<Voice> {
    const bytes = await withRetries(async () => {
      const answer = await fetch(track.src, { credentials: 'same-origin', signal });
      // 4xx: the track is not there for this listener; trying again will not change that.
      if (answer.status >= 400 && answer.status < 500) throw new StreamRefused(answer.statusText);
      if (!answer.ok) throw new Error(`The stream answered ${answer.status}.`);
      return answer.arrayBuffer();
    }, signal);
    const music = await decodeMusic(context, bytes, track.info, after?.seam ?? null);
    if (music.buffer.duration > MAX_DECODED_SECONDS) throw new Error('Too long to decode whole.');
    const gain = context.createGain();
    gain.gain.value = track.gain;
    gain.connect(graph.input);
    return { ...music, src: track.src, gain, source: null, origin: 0, pausedAt: 0 };
  }

  const nowFrame = () => context.currentTime * rate();
  /** A frame a little ahead of now. */
  const soon = () => Math.ceil(nowFrame() + START_AHEAD_S * rate());
  /** The context frame where `voice` stops: its music's end, or where `follower` takes over. */
  const handOver = (voice: Voice, follower?: Voice) =>
    voice.origin + (follower?.cutInPrevious ?? voice.start + voice.frames) - voice.start;

  /** Starts `voice` at context frame `when`, from frame `from` of its buffer. */
  function run(voice: Voice, when: number, from: number) {
    const source = context.createBufferSource();
    source.buffer = voice.buffer;
    source.connect(voice.gain);
    const first = Math.min(Math.max(0, from), voice.start + voice.frames);
    voice.origin = when - (first - voice.start);
    source.start(when / rate(), first / rate());
    source.stop(handOver(voice) / rate());
    voice.source = source;
    voice.pausedAt = null;
    source.onended = () => {
      if (voice.source !== source) return;
      voice.source = null;
      if (voice !== current) return;
      const follower = ahead[0];
      if (follower?.source) {
        release(current);
        current = follower;
        ahead = ahead.slice(1);
        upcoming = upcoming.slice(1);
        events.joined();
        pump();
      } else {
        current = null;
        release(voice);
        events.ended();
      }
    };
  }

  function silence(voice: Voice | null | undefined) {
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
  function release(voice: Voice | null | undefined) {
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

  /** Joins each decoded track ahead to the last frame of the one before it. */
  function scheduleAhead() {
    let previous = current;
    for (const voice of ahead) {
      if (!previous?.source) return;
      if (!voice.source) {
        const at = handOver(previous, voice);
        // Decoded too late for its frame (a loaded machine): keep the timeline, lose the start.
        const late = Math.max(0, soon() - at);
        run(voice, at + late, voice.joinIn + late);
        previous.source.stop(at / rate());
      }
      previous = voice;
    }
  }

  const aheadSeconds = () => ahead.reduce((sum, voice) => sum + voice.frames, 0) / rate();
  const settle = () => {
    const waiting = progress;
    progress = [];
    waiting.forEach((resolve) => resolve());
  };

  /** Decodes the next track ahead, in order, while more is wanted. */
  function pump() {
    const wanted = upcoming[ahead.length];
    const enough = ahead.length > 0 && aheadSeconds() >= AHEAD_SECONDS;
    if (pending || !current || !wanted || enough || stalledAt === wanted.src) return settle();
    const abort = new AbortController();
    pending = { src: wanted.src, abort };
    decode(wanted, ahead.at(-1) ?? current, abort.signal)
      .then((voice) => {
        if (abort.signal.aborted) return release(voice);
        pending = null;
        ahead.push(voice);
        scheduleAhead();
        settle();
        pump();
      })
      .catch(() => {
        // Not decodable ahead: that track starts the ordinary way when its turn comes.
        if (pending?.abort !== abort) return;
        pending = null;
        stalledAt = wanted.src;
        settle();
      });
  }

  /** Resolves once LEAD_SECONDS are decoded from `startAt`, or nothing more will be. */
  async function lead(voice: Voice, startAt: number, signal: AbortSignal) {
    const covered = () => voice.frames / rate() - startAt + aheadSeconds() >= LEAD_SECONDS;
    signal.addEventListener('abort', settle, { once: true });
    while (!covered() && (pending || upcoming.length > ahead.length) && !signal.aborted) {
      if (!pending && stalledAt === upcoming[ahead.length]?.src) return;
      await new Promise<void>((resolve) => progress.push(resolve));
    }
  }

  const positionOf = (voice: Voice) =>
    voice.pausedAt ?? Math.min(Math.max(0, nowFrame() - voice.origin), voice.frames) / rate();

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

    /**
     * Decodes a track and plays it from `startAt` (or holds it paused there); `following`
     * is the rest of its run, decoded ahead.
     */
    async start(
      track: GaplessTrack,
      startAt: number,
      autoplay: boolean,
      signal: AbortSignal,
      following: GaplessTrack[] = [],
    ) {
      // Decoded ahead already (its join came too late, or the listener skipped to it).
      const index = ahead.findIndex((voice) => voice.src === track.src);
      const ready = index >= 0 ? ahead[index]! : null;
      let voice: Voice;
      if (ready) {
        // What is decoded after it stays joined to it; what came before goes.
        ahead.slice(0, index).forEach(release);
        ahead.slice(index).forEach(silence);
        ahead = ahead.slice(index + 1);
        release(current);
        voice = ready;
      } else {
        voice = await decode(track, null, signal);
        if (signal.aborted) {
          release(voice);
          return false;
        }
        this.stop();
      }
      current = voice;
      this.prepare(following);
      if (autoplay) {
        await lead(voice, startAt, signal);
        if (signal.aborted || current !== voice) return false;
        run(voice, soon(), voice.start + Math.round(startAt * rate()));
        scheduleAhead();
      } else voice.pausedAt = startAt;
      return true;
    },

    /** Makes the joined track current when the store catches up with it; false if it is not. */
    adopt(src: string) {
      return current?.src === src;
    },

    /** The rest of the run after the current track: decoded ahead and joined in order. */
    prepare(tracks: GaplessTrack[]) {
      const keep = ahead.findIndex((voice, i) => voice.src !== tracks[i]?.src);
      if (keep >= 0) {
        ahead.slice(keep).forEach(release);
        ahead = ahead.slice(0, keep);
      }
      upcoming = tracks;
      if (pending && pending.src !== tracks[ahead.length]?.src) {
        pending.abort.abort();
        pending = null;
      }
      if (stalledAt && !tracks.some((track) => track.src === stalledAt)) stalledAt = null;
      pump();
    },

    pause() {
      if (!current?.source) return;
      const at = positionOf(current);
      ahead.forEach(silence);
      silence(current);
      current.pausedAt = at;
    },
    resume() {
      if (!current || current.source) return;
      run(current, soon(), current.start + Math.round((current.pausedAt ?? 0) * rate()));
      scheduleAhead();
    },
    seek(seconds: number) {
      if (!current) return;
      if (!current.source) {
        current.pausedAt = Math.min(Math.max(0, seconds), current.frames / rate());
        return;
      }
      ahead.forEach(silence);
      silence(current);
      run(current, soon(), current.start + Math.round(seconds * rate()));
      scheduleAhead();
    },
    setGain(gain: number) {
      current?.gain.gain.setTargetAtTime(gain, context.currentTime, 0.015);
    },
    /** Ends buffer playback and lets go of every decoded track. */
    stop() {
      pending?.abort.abort();
      pending = null;
      ahead.forEach(release);
      release(current);
      ahead = [];
      upcoming = [];
      current = null;
      settle();
    },
  };
}

export type GaplessPlayer = ReturnType<typeof createGaplessPlayer>;
