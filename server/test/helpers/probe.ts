import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface Probed {
  codec: string;
  /** Seconds. */
  duration: number;
  /** bit/s over the whole file (container included). */
  bitRate: number;
  channels: number;
}

/** What ffprobe reads in some audio bytes: codec, length, bitrate, channels. */
export async function probeAudio(bytes: Buffer): Promise<Probed> {
  const dir = await mkdtemp(join(tmpdir(), 'backbeat-probe-'));
  const file = join(dir, 'audio');
  try {
    await writeFile(file, bytes);
    const { stdout } = await run('ffprobe', [
      ...['-v', 'error', '-of', 'json'],
      ...['-show_entries', 'format=duration,bit_rate:stream=codec_name,channels'],
      file,
    ]);
    const parsed = JSON.parse(stdout) as {
      format: { duration: string; bit_rate: string };
      streams: { codec_name: string; channels: number }[];
    };
    return {
      codec: parsed.streams[0]!.codec_name,
      duration: Number(parsed.format.duration),
      bitRate: Number(parsed.format.bit_rate),
      channels: parsed.streams[0]!.channels,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
