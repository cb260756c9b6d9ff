import { spawn } from 'node:child_process';
import { DecodeError, NOT_DECODABLE, findFfmpeg, lowerPriority } from './ffmpeg.ts';

export interface MeasuredAudio {
  integratedLufs: number;
  truePeakDbtp: number;
  /** Null below one 3 s short-term block (as the JavaScript meter answers). */
  rangeLu: number | null;
  /** Decoded sample frames (the decoder already trims the encoder delay and padding it knows). */
  frames: number;
  sampleRate: number | null;
}

/** Below −70 LUFS BS.1770 gates everything out; ffmpeg prints −70 and a peak of −inf then. */
const SILENT_PEAK_DB = -120;

const numberIn = (line: string, pattern: RegExp): number | null => {
  const match = pattern.exec(line);
  if (!match) return null;
  if (match[1] === '-inf') return -Infinity;
  const value = Number(match[1]);
  return Number.isFinite(value) ? value : null;
};

interface LoggedFigures {
  integratedLufs?: number;
  truePeakDbtp?: number;
  rangeLu?: number;
  frames?: number;
  sampleRate?: number;
}

/**
 * Reads ffmpeg's log of a batch: each input i has `ebur128` as filter 2i and `astats` as
 * filter 2i+1. ffmpeg builds the graph once to probe it and again to run it, and the probe's
 * ebur128 prints an empty summary too, so the last summary of each filter is the one kept.
 */
export function parseBatchLog(log: string, inputs: number): (LoggedFigures | null)[] {
  const found: LoggedFigures[] = Array.from({ length: inputs }, () => ({}));
  const rates: number[] = [];
  let summaryOf: number | null = null;
  for (const line of log.split('\n')) {
    const input = /^Input #(\d+),/.exec(line);
    if (input) summaryOf = null;
    const rate = /Stream #(\d+):\d+.*Audio: .*?, (\d+) Hz/.exec(line);
    if (rate && rates[Number(rate[1])] === undefined) rates[Number(rate[1])] = Number(rate[2]);
    const filter = /^\[Parsed_(ebur128|astats)_(\d+) @ [^\]]+\] (.*)$/.exec(line);
    if (filter) {
      const index = Math.floor(Number(filter[2]) / 2);
      summaryOf = null;
      if (index >= inputs) continue;
      if (filter[1] === 'ebur128' && filter[3]!.startsWith('Summary')) {
        summaryOf = index;
        found[index] = { ...found[index], integratedLufs: undefined, truePeakDbtp: undefined };
      }
      const samples = numberIn(filter[3]!, /^Number of samples: (\d+)/);
      if (filter[1] === 'astats' && samples !== null) found[index]!.frames = samples;
      continue;
    }
    if (summaryOf === null) continue;
    const entry = found[summaryOf]!;
    const lufs = numberIn(line, /^\s+I:\s+(-?[\d.]+|-inf) LUFS/);
    if (lufs !== null) entry.integratedLufs = lufs;
    const range = numberIn(line, /^\s+LRA:\s+(-?[\d.]+) LU/);
    if (range !== null) entry.rangeLu = range;
    const peak = numberIn(line, /^\s+Peak:\s+(-?[\d.]+|-inf) dBFS/);
    if (peak !== null) entry.truePeakDbtp = peak;
  }
  return found.map((entry, index) =>
    entry.frames && entry.integratedLufs !== undefined
      ? { ...entry, sampleRate: rates[index] }
      : null,
  );
}

function complete(entry: LoggedFigures): MeasuredAudio {
  const sampleRate = entry.sampleRate ?? null;
  const seconds = sampleRate ? entry.frames! / sampleRate : 0;
  return {
    integratedLufs: Math.max(entry.integratedLufs!, -70),
    truePeakDbtp: Math.max(entry.truePeakDbtp ?? SILENT_PEAK_DB, SILENT_PEAK_DB),
    rangeLu: seconds >= 3 ? (entry.rangeLu ?? null) : null,
    frames: entry.frames!,
    sampleRate,
  };
}

/** One ffmpeg over the files, each through its own ebur128 (true peak) and sample counter. */
async function runBatch(paths: readonly string[], signal?: AbortSignal) {
  const ffmpeg = findFfmpeg();
  if (!ffmpeg) throw new DecodeError('No audio decoder (ffmpeg) is available on this server.');
  const graph = paths
    .map(
      (_, i) =>
        `[${i}:a:0]ebur128=peak=true:framelog=verbose,` +
        `astats=measure_perchannel=none:measure_overall=Number_of_samples[o${i}]`,
    )
    .join(';');
  const child = spawn(
    ffmpeg,
    [
      ...['-hide_banner', '-nostdin', '-nostats', '-v', 'info'],
      // `file:` so that a name is never read as another protocol or an option.
      ...paths.flatMap((path) => ['-i', `file:${path}`]),
      ...['-filter_complex', graph],
      ...paths.flatMap((_, i) => ['-map', `[o${i}]`, '-f', 'null', '-']),
    ],
    { stdio: ['ignore', 'ignore', 'pipe'], signal },
  );
  lowerPriority(child.pid);
  let log = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (text: string) => (log += text));
  const code = await new Promise<number | null>((resolve) => {
    child.on('close', (exit) => resolve(exit));
    child.on('error', () => resolve(-1));
  });
  signal?.throwIfAborted();
  return { code, log };
}

/**
 * Loudness (EBU R128 integrated, true peak, range) and the decoded length of several files in
 * one ffmpeg: starting Debian's ffmpeg costs about as much CPU as decoding a whole short
 * track, so a batch pays it once. The process runs at low priority. When the batch fails (one
 * file does not open or decode), each file is measured alone, so one bad file only fails
 * itself: its place holds a DecodeError.
 */
export async function measureLoudness(
  paths: readonly string[],
  options: { signal?: AbortSignal } = {},
): Promise<(MeasuredAudio | DecodeError)[]> {
  if (!paths.length) return [];
  const { code, log } = await runBatch(paths, options.signal);
  const parsed = parseBatchLog(log, paths.length);
  if (code === 0 && parsed.every(Boolean)) return parsed.map((entry) => complete(entry!));
  if (paths.length === 1) {
    const detail = log.trim().split('\n').slice(-3).join('\n');
    return [new DecodeError(NOT_DECODABLE, detail || `ffmpeg exited ${code}`)];
  }
  const alone: (MeasuredAudio | DecodeError)[] = [];
  for (const path of paths) alone.push(...(await measureLoudness([path], options)));
  return alone;
}
