import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { generateDemoAudio } from '../../src/modules/demo-audio/generator.ts';

const run = promisify(execFile);

export interface AudioTagsInput {
  title: string;
  artist: string;
  album?: string;
  track?: number;
  genre?: string;
  date?: number;
}

/** A real MP3 carrying ID3 tags, written by Debian's ffmpeg (`-metadata title=…`). */
export async function taggedMp3(tags: AudioTagsInput, seed = 3, seconds = 2): Promise<Buffer> {
  const directory = await mkdtemp(join(tmpdir(), 'backbeat-tags-'));
  try {
    const source = join(directory, 'in.mp3');
    const target = join(directory, 'out.mp3');
    await writeFile(source, (await generateDemoAudio(seed, seconds, 'house')).mp3);
    const metadata = Object.entries(tags).flatMap(([key, value]) =>
      value === undefined ? [] : ['-metadata', `${key}=${value}`],
    );
    await run('ffmpeg', [
      '-loglevel',
      'error',
      '-y',
      '-i',
      source,
      '-codec',
      'copy',
      '-id3v2_version',
      '3',
      ...metadata,
      target,
    ]);
    return await readFile(target);
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}
