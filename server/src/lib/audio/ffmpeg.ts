import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import { accessSync, chmodSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import type { Readable } from 'node:stream';
import { lazyRequire } from '../lazy-require.ts';

/** Why a file is refused: shown to the uploader as the processing error. */
export const NOT_DECODABLE = 'This file could not be decoded as audio.';

const isExecutable = (path: string) => {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
};

const loadInstaller = lazyRequire<{ path: string }>('@ffmpeg-installer/ffmpeg');
let found: string | null | undefined;

/**
 * The ffmpeg to decode with: Debian's (or any) on PATH first, else the static build that
 * arrives inside the `@ffmpeg-installer/<platform>` npm package (no download at install
 * time). `FFMPEG_PATH` names another. Null when neither exists on this platform.
 */
export function findFfmpeg(): string | null {
  if (found !== undefined) return found;
  const named = process.env.FFMPEG_PATH;
  if (named && isExecutable(named)) return (found = named);
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir && isExecutable(join(dir, 'ffmpeg'))) return (found = join(dir, 'ffmpeg'));
  }
  try {
    const packaged = loadInstaller().path;
    // The package sets the execute bit in a postinstall script; installs without scripts lack it.
    if (!isExecutable(packaged)) chmodSync(packaged, 0o755);
    return (found = isExecutable(packaged) ? packaged : null);
  } catch {
    return (found = null);
  }
}

let version: Promise<string | null> | undefined;

/** The first line of `ffmpeg -version` (the operations page), or null without ffmpeg. */
export function ffmpegVersion(): Promise<string | null> {
  const ffmpeg = findFfmpeg();
  if (!ffmpeg) return Promise.resolve(null);
  version ??= new Promise((resolve) => {
    const child = spawn(ffmpeg, ['-hide_banner', '-version'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', () => resolve(null));
    child.on('close', () => resolve(out.split('\n')[0]?.trim() || null));
  });
  return version;
}

export interface DecodeOptions {
  channels: number;
  sampleRate: number;
  signal?: AbortSignal;
  /** Background work (library waveforms): the decoder yields the CPU to listeners. */
  lowPriority?: boolean;
}

/**
 * Decodes a stream to interleaved 32-bit float PCM with the given layout, chunk by chunk:
 * the input is piped in and the samples come out as ffmpeg makes them, so a file of any
 * length takes a few hundred kilobytes. Throws NOT_DECODABLE (with ffmpeg's words for the
 * log) when no sample comes out.
 */
export async function* decodeToPcm(
  input: Readable,
  options: DecodeOptions,
): AsyncGenerator<Float32Array> {
  const ffmpeg = findFfmpeg();
  if (!ffmpeg) throw new DecodeError('No audio decoder (ffmpeg) is available on this server.');
  const child = spawn(
    ffmpeg,
    [
      ...['-hide_banner', '-nostdin', '-v', 'error', '-i', 'pipe:0', '-map', '0:a:0', '-vn'],
      ...['-ac', String(options.channels), '-ar', String(options.sampleRate)],
      ...['-f', 'f32le', '-acodec', 'pcm_f32le', 'pipe:1'],
    ],
    { stdio: ['pipe', 'pipe', 'pipe'], signal: options.signal },
  );
  if (options.lowPriority) lowerPriority(child.pid);
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (text: string) => {
    if (stderr.length < 4000) stderr += text;
  });
  // ffmpeg may stop reading early (an unknown format): a closed pipe is not our error.
  child.stdin.on('error', () => {});
  input.on('error', (error) => child.stdin.destroy(error));
  input.pipe(child.stdin);
  const exited = new Promise<number | null>((resolve) => {
    child.on('close', (code) => resolve(code));
    child.on('error', () => resolve(-1));
  });

  const frameBytes = 4 * options.channels;
  let carry: Buffer | null = null;
  let frames = 0;
  try {
    for await (const data of child.stdout as AsyncIterable<Buffer>) {
      let bytes: Buffer = carry ? Buffer.concat([carry, data]) : data;
      const usable = bytes.length - (bytes.length % frameBytes);
      carry = usable < bytes.length ? Buffer.from(bytes.subarray(usable)) : null;
      if (!usable) continue;
      bytes = bytes.subarray(0, usable);
      // Copied out when unaligned: a Float32Array view needs a 4-byte aligned offset.
      const aligned = bytes.byteOffset % 4 === 0 ? bytes : Buffer.from(bytes);
      frames += usable / frameBytes;
      yield new Float32Array(aligned.buffer, aligned.byteOffset, usable / 4);
    }
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
    input.unpipe(child.stdin);
    input.destroy();
  }
  const code = await exited;
  if (!frames) throw new DecodeError(NOT_DECODABLE, stderr.trim() || `ffmpeg exited ${code}`);
}

/**
 * Background decodes run this much nicer than the server (0 is the server's own): under the
 * kernel's fair scheduler a niceness of 10 weighs about a tenth of a listener's request, so
 * listeners are served first and idle cores still do the analysis.
 */
export const ANALYSIS_NICENESS = 10;

/** Lowers a child's CPU priority; a platform that refuses it leaves the child as it is. */
export function lowerPriority(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    setPriority(pid, ANALYSIS_NICENESS);
  } catch {
    // Windows without the privilege, or the child already gone: nothing to lower.
  }
}

export class DecodeError extends Error {
  constructor(
    message: string,
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'DecodeError';
  }
}
