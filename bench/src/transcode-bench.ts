// Transcoding rows of `npm run bench` (issue 38.6), against the built server in a process of its
// own, each beside ffmpeg run bare on the same file with the same encoder arguments in the same
// rounds:
//  - time to first byte of `/rest/stream?format=mp3|opus&maxBitRate=128` on a FLAC never
//    transcoded before (p50/p90; goal ≤ 300 ms p90), against ffmpeg's first output byte;
//  - concurrent real-time transcodes: the most streams started at once that each deliver at
//    least one second of audio per second of wall time, per core.
// Run alone with `BENCH_ONLY=transcoding npx tsx bench/src/run.ts`.
import { spawn, type ChildProcess } from 'node:child_process';
import { createReadStream, linkSync, mkdtempSync, rmSync, utimesSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { request as httpGet, type ClientRequest } from 'node:http';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TranscodeFormat } from '@backbeat/common';
import { buildApp } from '../../server/src/app.ts';
import { loadConfig } from '../../server/src/config.ts';
import { openDatabase } from '../../server/src/db/database.ts';
import { migrateToLatest } from '../../server/src/db/migrations/index.ts';
import { findFfmpeg } from '../../server/src/lib/audio/ffmpeg.ts';
import {
  transcodeArgs,
  type TranscodeTarget,
} from '../../server/src/modules/transcoding/ffmpeg-args.ts';
import { seed } from '../../server/src/seed/index.ts';
import { addFigure, addTarget } from './results.ts';
import { ADMIN, sleep, startServer, type BenchServer } from './server-process.ts';

const GOAL_TTFB_P90_MS = 300;
const BIT_RATE = 128;
const FORMATS: TranscodeFormat[] = ['mp3', 'opus'];
/** The server stops a transcode nobody reads 2 s after its listener left (live-transcode.ts). */
const ABANDON_SETTLE_MS = 2600;

export interface TranscodePlan {
  /** First-byte requests per format (each on a FLAC of its own). */
  firstByteRounds: number;
  /** How long each stream of a concurrency level is read, in seconds. */
  windowS: number;
  /** The highest number of simultaneous streams tried. */
  maxStreams: number;
  /** Seconds of audio in each source FLAC. */
  sourceSeconds: number;
}

export const QUICK_TRANSCODE_PLAN: TranscodePlan = {
  firstByteRounds: 3,
  windowS: 2,
  maxStreams: 2,
  sourceSeconds: 10,
};
export const FULL_TRANSCODE_PLAN: TranscodePlan = {
  firstByteRounds: Number(process.env.BENCH_TRANSCODE_ROUNDS ?? 20),
  windowS: 3,
  maxStreams: Number(process.env.BENCH_TRANSCODE_MAX_STREAMS ?? 96),
  sourceSeconds: 40,
};

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN;
};
const speed = (value: number) =>
  value === Infinity ? 'all finished' : Number.isFinite(value) ? `${value.toFixed(2)}x` : '-';
const uptime = () =>
  `load ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')} on ${availableParallelism()} cores`;

/** Music-like stereo FLAC: a few drifting tones over quiet noise (so FLAC cannot shrink it to nothing). */
async function makeFlac(ffmpeg: string, file: string, seconds: number): Promise<void> {
  const tones =
    'aevalsrc=0.2*sin(2*PI*(220+20*sin(t))*t)+0.1*sin(2*PI*554*t)|0.2*sin(2*PI*(330+15*sin(2*t))*t)+0.1*sin(2*PI*659*t)';
  const child = spawn(ffmpeg, [
    ...['-hide_banner', '-v', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `${tones}:d=${seconds}:s=44100`],
    ...['-f', 'lavfi', '-i', `anoisesrc=c=pink:a=0.004:d=${seconds}:r=44100`],
    ...['-filter_complex', '[1]aformat=channel_layouts=stereo[n];[0][n]amix=inputs=2:normalize=0'],
    ...['-c:a', 'flac', file],
  ]);
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  if (code !== 0) throw new Error(`ffmpeg could not make the bench FLAC (exit ${code})`);
}

interface Prepared {
  apiKey: string;
  trackIds: number[];
  /** The stored files on disk, by track (touched to make each a new, uncached version). */
  files: string[];
}

/** A listener with an API key and `count` FLAC tracks (the same audio under keys of their own). */
async function prepare(storage: string, flac: Buffer, seconds: number, count: number) {
  const config = loadConfig({
    STORAGE_PATH: storage,
    LOG_LEVEL: 'silent',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  });
  const database = openDatabase(config.database);
  await migrateToLatest(database.db);
  const app = await buildApp({ config, database, logger: false });
  try {
    await seed(app.services, config);
    await app.services.settings.set({ 'demo_catalog.seeded': true });
    const now = new Date().toISOString();
    const prepared: Prepared = { apiKey: '', trackIds: [], files: [] };
    for (let index = 0; index < count; index++) {
      const key = `audio/bench/transcode-${index}.flac`;
      const file = join(storage, 'files', key);
      // The same bytes under keys of their own: links, so the pool costs one file's disk.
      if (index === 0) await app.services.storage.write(key, flac);
      else linkSync(prepared.files[0]!, file);
      prepared.files.push(file);
      prepared.trackIds.push(
        await app.services.catalogWrites.insertTrack({
          name: `Transcode source ${index}`,
          number: 1,
          duration: seconds * 1000,
          album_id: null,
          image: null,
          description: null,
          owner_id: null,
          is_public: 1,
          audio_path: key,
          audio_mime: 'audio/flac',
          waveform: '[0.5,1,0.25]',
          plays: 0,
          popularity: 10,
          created_at: now,
          updated_at: now,
        }),
      );
    }
    const userId = await app.services.users.createUser({
      email: 'transcode@backbeat.test',
      password: ADMIN.password,
    });
    prepared.apiKey = (await app.services.accessTokens.create(userId, 'bench')).plainTextToken;
    return prepared;
  } finally {
    await app.close();
    await database.destroy();
  }
}

/** A stream being read as fast as it comes: bytes so far, first byte time, whether it ended. */
interface Reading {
  firstByteMs: Promise<number>;
  /** Milliseconds from the start to the first byte; NaN until it came. */
  firstByteSoFar: () => number;
  bytes: () => number;
  ended: () => boolean;
  stop: () => void;
}

function readOurs(url: string): Reading {
  const started = performance.now();
  let bytes = 0;
  let firstMs = NaN;
  let ended = false;
  let request: ClientRequest;
  const firstByteMs = new Promise<number>((resolve, reject) => {
    request = httpGet(url, { agent: false }, (response) => {
      if (response.statusCode !== 200 || response.headers['accept-ranges'] !== 'none') {
        // A cached answer (it has ranges) would not be a first transcode.
        reject(
          new Error(
            `stream answered ${response.statusCode}, ranges ${response.headers['accept-ranges']}`,
          ),
        );
        response.resume();
        return;
      }
      response.on('data', (chunk: Buffer) => {
        if (bytes === 0) resolve((firstMs = performance.now() - started));
        bytes += chunk.length;
      });
      response.on('end', () => (ended = true));
      response.on('error', () => {});
    });
    request.on('error', (error) => (bytes ? undefined : reject(error)));
    request.end();
  });
  return {
    firstByteMs,
    firstByteSoFar: () => firstMs,
    bytes: () => bytes,
    ended: () => ended,
    stop: () => request.destroy(),
  };
}

function readBare(ffmpeg: string, target: TranscodeTarget, file: string): Reading {
  const started = performance.now();
  let bytes = 0;
  let firstMs = NaN;
  let ended = false;
  const child: ChildProcess = spawn(ffmpeg, transcodeArgs(target), {
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  child.stdin!.on('error', () => {});
  const source = createReadStream(file);
  source.pipe(child.stdin!);
  const firstByteMs = new Promise<number>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (bytes === 0) resolve((firstMs = performance.now() - started));
      bytes += chunk.length;
    });
    child.once('close', (code) => {
      ended = true;
      if (!bytes) reject(new Error(`bare ffmpeg exited ${code} with no output`));
    });
  });
  return {
    firstByteMs,
    firstByteSoFar: () => firstMs,
    bytes: () => bytes,
    ended: () => ended,
    stop: () => {
      source.destroy();
      child.kill('SIGKILL');
    },
  };
}

interface LevelResult {
  keptUp: boolean;
  /** The slowest stream's audio seconds per wall second. */
  slowest: number;
}

/**
 * `streams` readings started at once and read for `windowS`: each keeps up when, from its first
 * byte on, it delivered at least one second of audio per second (or the whole file). The start
 * (ffmpeg's launch, which a player covers with its first buffer) is timed by the first-byte
 * rows. Audio seconds are reckoned from the bytes at the target bitrate (CBR MP3 exactly, Opus
 * near enough).
 */
async function level(start: () => Reading, streams: number, windowS: number): Promise<LevelResult> {
  const readings = Array.from({ length: streams }, start);
  for (const reading of readings) reading.firstByteMs.catch(() => {});
  const started = performance.now();
  await sleep(windowS * 1000);
  const elapsedMs = performance.now() - started;
  const bytesPerSecond = (BIT_RATE * 1000) / 8;
  // A stream that ended kept up (Infinity), unless it ended with nothing.
  const speeds = readings.map((reading) => {
    if (reading.ended()) return reading.bytes() ? Infinity : 0;
    const firstByte = reading.firstByteSoFar();
    // No first byte within the window: it did not keep up.
    if (!Number.isFinite(firstByte) || firstByte >= elapsedMs) return 0;
    return reading.bytes() / bytesPerSecond / ((elapsedMs - firstByte) / 1000);
  });
  for (const reading of readings) reading.stop();
  const slowest = Math.min(...speeds);
  return { keptUp: slowest >= 1, slowest };
}

export async function runTranscodeBench(plan: TranscodePlan): Promise<void> {
  const ffmpeg = findFfmpeg();
  if (!ffmpeg) {
    console.info('\nTranscoding: skipped (no ffmpeg here).');
    return;
  }
  const storage = mkdtempSync(join(tmpdir(), 'backbeat-transcode-bench-'));
  let server: BenchServer | undefined;
  try {
    const flacFile = join(storage, 'source.flac');
    await makeFlac(ffmpeg, flacFile, plan.sourceSeconds);
    const flac = await readFile(flacFile);
    const firstByteTracks = plan.firstByteRounds * FORMATS.length;
    const prepared = await prepare(
      storage,
      flac,
      plan.sourceSeconds,
      firstByteTracks + plan.maxStreams,
    );
    server = await startServer(storage);
    const auth = `apiKey=${encodeURIComponent(prepared.apiKey)}&v=1.16.1&c=bench&f=json`;
    const streamUrl = (trackId: number, format: TranscodeFormat) =>
      `${server!.url}/rest/stream?${auth}&id=tr-${trackId}&format=${format}&maxBitRate=${BIT_RATE}`;
    const targetOf = (format: TranscodeFormat): TranscodeTarget => ({
      format,
      bitRate: BIT_RATE,
      preset: 'standard',
    });
    console.info(
      `\nTranscoding (issue 38.6): a ${plan.sourceSeconds} s stereo FLAC (${(flac.length / 1e6).toFixed(1)} MB) at ${BIT_RATE} kbit/s, ours through /rest/stream beside ffmpeg bare with the same arguments`,
    );
    // A first request warms the server's code paths (not counted; its track is not used again).
    await readOurs(streamUrl(prepared.trackIds.at(-1)!, 'mp3')).firstByteMs.catch(() => {});
    await sleep(ABANDON_SETTLE_MS);

    // Time to first byte, ours and bare alternating first, each of ours on a FLAC never asked.
    let next = 0;
    for (const format of FORMATS) {
      const ours: number[] = [];
      const bare: number[] = [];
      for (let round = 0; round < plan.firstByteRounds; round++) {
        const trackId = prepared.trackIds[next]!;
        const file = prepared.files[next++]!;
        const measure = async (which: 'ours' | 'bare') => {
          const reading =
            which === 'ours'
              ? readOurs(streamUrl(trackId, format))
              : readBare(ffmpeg, targetOf(format), file);
          const ms = await reading.firstByteMs;
          reading.stop();
          (which === 'ours' ? ours : bare).push(ms);
        };
        const order: Array<'ours' | 'bare'> = round % 2 ? ['bare', 'ours'] : ['ours', 'bare'];
        for (const which of order) await measure(which);
      }
      const p50 = quantile(ours, 0.5);
      const p90 = quantile(ours, 0.9);
      const bareP50 = quantile(bare, 0.5);
      const bareP90 = quantile(bare, 0.9);
      console.info(
        `  first byte, ${format}: ours p50 ${p50.toFixed(0)} / p90 ${p90.toFixed(0)} ms; ffmpeg bare p50 ${bareP50.toFixed(0)} / p90 ${bareP90.toFixed(0)} ms (${plan.firstByteRounds} rounds; ${uptime()})`,
      );
      addFigure({
        name: `transcode first byte p90 (${format} ${BIT_RATE}k, uncached FLAC)`,
        value: p90,
        unit: 'ms',
        ceiling: bareP90,
        ceilingName: 'ffmpeg bare p90',
        ratio: bareP90 / p90,
        note: `p50 ${p50.toFixed(0)} ms, bare p50 ${bareP50.toFixed(0)} ms; ${uptime()}`,
      });
      addTarget(
        `transcode first byte p90, ${format}`,
        `${p90.toFixed(0)} ms`,
        `≤ ${GOAL_TTFB_P90_MS} ms`,
        p90 <= GOAL_TTFB_P90_MS,
      );
      // Let the abandoned transcodes of this format stop before the next figure.
      await sleep(ABANDON_SETTLE_MS);
    }

    // Concurrent real-time transcodes: 1, 2, 4… streams at once until one falls behind, then
    // halving the step between the last that kept up and the first that did not. Each level's
    // sources are touched first: a new version of a file is a transcode never made.
    const pool = prepared.trackIds.slice(firstByteTracks);
    const poolFiles = prepared.files.slice(firstByteTracks);
    let version = Date.now() / 1000;
    const cores = availableParallelism();
    for (const format of FORMATS) {
      const search = async (start: (index: number) => Reading, settleMs: number) => {
        let good = 0;
        let bad = plan.maxStreams + 1;
        let slowestAtGood = NaN;
        const tryLevel = async (streams: number) => {
          // The pool's files are links to one file: touching it makes every source new.
          version += 10;
          utimesSync(poolFiles[0]!, version, version);
          let index = 0;
          const result = await level(() => start(index++), streams, plan.windowS);
          await sleep(settleMs);
          if (result.keptUp) {
            good = streams;
            slowestAtGood = result.slowest;
          } else bad = streams;
          return result.keptUp;
        };
        for (let streams = 1; streams <= plan.maxStreams;) {
          if (!(await tryLevel(streams))) break;
          streams =
            streams < plan.maxStreams ? Math.min(streams * 2, plan.maxStreams) : streams + 1;
        }
        while (bad <= plan.maxStreams && bad - good > Math.max(1, Math.round(good / 8))) {
          await tryLevel(Math.floor((good + bad) / 2));
        }
        return { streams: good, slowestAtGood, capped: bad > plan.maxStreams };
      };
      const ours = await search(
        (index) => readOurs(streamUrl(pool[index]!, format)),
        ABANDON_SETTLE_MS,
      );
      const bare = await search(
        (index) => readBare(ffmpeg, targetOf(format), poolFiles[index]!),
        200,
      );
      const cap = (found: { capped: boolean }) => (found.capped ? ' (the most tried)' : '');
      console.info(
        `  real-time transcodes at once, ${format}: ours ${ours.streams}${cap(ours)} (${(ours.streams / cores).toFixed(1)} per core), ffmpeg bare ${bare.streams}${cap(bare)} (${(bare.streams / cores).toFixed(1)} per core); slowest stream at that count ${speed(ours.slowestAtGood)} / ${speed(bare.slowestAtGood)} real time (${plan.windowS} s windows; ${uptime()})`,
      );
      addFigure({
        name: `real-time transcodes per core (${format} ${BIT_RATE}k)`,
        value: ours.streams / cores,
        unit: 'streams',
        ceiling: bare.streams / cores,
        ceilingName: 'ffmpeg bare',
        ratio: bare.streams ? ours.streams / bare.streams : NaN,
        note: `${ours.streams} and ${bare.streams} at once on ${cores} cores; ${uptime()}`,
      });
    }
  } finally {
    await server?.stop();
    rmSync(storage, { recursive: true, force: true });
  }
}
