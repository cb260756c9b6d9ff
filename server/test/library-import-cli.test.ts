import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { progressLine } from '../src/library-import-cli.ts';
import { createTestDatabase, type TestDatabase } from './helpers/database.ts';
import { libraryMp3, placeFile } from './helpers/library-audio.ts';

/*
 * Issue 18: `npm run import -- <folder>` registers a folder and scans it from the command
 * line, with a progress bar on stderr and a summary on stdout. Run here as a real process on
 * a database of its own (SQLite, or PostgreSQL when TEST_DATABASE_URL is set).
 */

const CLI = fileURLToPath(new URL('../src/library-import-cli.ts', import.meta.url));

let storage: string;
let music: string;
let database: TestDatabase;

beforeAll(async () => {
  storage = await mkdtemp(join(tmpdir(), 'backbeat-import-storage-'));
  music = await mkdtemp(join(tmpdir(), 'backbeat-import-music-'));
  database = await createTestDatabase(storage);
  await placeFile(
    music,
    'Album/01.mp3',
    await libraryMp3(
      { title: 'Imported One', artist: 'Cli', album: 'Album', track: 1 },
      { seed: 601 },
    ),
  );
  await placeFile(
    music,
    'Album/02.mp3',
    await libraryMp3(
      { title: 'Imported Two', artist: 'Cli', album: 'Album', track: 2 },
      { seed: 602 },
    ),
  );
  await placeFile(music, 'broken.mp3', Buffer.alloc(2048, 'nope '));
});
afterAll(async () => {
  await database.drop();
  await rm(storage, { recursive: true, force: true });
  await rm(music, { recursive: true, force: true });
});

function runImport(args: string[], cwd = process.cwd()) {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'test',
    APP_KEY: randomBytes(32).toString('base64url'),
    STORAGE_PATH: storage,
    LOG_LEVEL: 'silent',
    INIT_CWD: cwd,
  };
  if (database.config.driver === 'postgres') env.DATABASE_URL = database.config.url;
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    // The Node running this suite (CI runs it on Node 22 too, with native modules built for it).
    execFile(
      process.execPath,
      ['--import', 'tsx', CLI, ...args],
      { env, timeout: 60_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('npm run import', () => {
  it('adds and scans a folder with a progress bar, then prints a summary', async () => {
    // A relative folder is the caller's (npm runs scripts from the project root).
    const result = await runImport(['.', '--name', 'My music'], music);
    expect(result.stderr).toContain('[##############################] 3/3 files');
    expect(result.stdout).toContain(`Added ${music} to the library as “My music”.`);
    expect(result.stdout).toContain(
      'My music: 3 files seen, 2 added, 0 updated, 0 removed, 1 failed; 2 tracks in the library.',
    );
    expect(result.stdout).toContain('failed: broken.mp3: This file could not be decoded as audio.');
    expect(result.code).toBe(0);
  }, 90_000);

  it('rescans incrementally the second time', async () => {
    const result = await runImport([music]);
    expect(result.stdout).not.toContain('Added');
    expect(result.stdout).toContain('3 files seen, 0 added, 0 updated, 0 removed, 1 failed');
    expect(result.code).toBe(0);
  }, 90_000);

  it('refuses a folder that does not exist, and a call without one', async () => {
    const missing = await runImport([join(music, 'nowhere')]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('This folder does not exist on the server.');
    const usage = await runImport([]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('Usage: npm run import -- <folder> [--name <name>]');
  }, 90_000);

  it('draws the bar from the figures', () => {
    const figures = { total: 4, seen: 1, added: 1, updated: 0, removed: 0, failed: 0 };
    expect(progressLine(figures, 8)).toBe('[##------] 1/4 files · 1 added · 0 updated · 0 failed');
    expect(progressLine({ ...figures, total: 0, seen: 0 }, 4)).toBe(
      '[----] 0/0 files · 1 added · 0 updated · 0 failed',
    );
  });
});
