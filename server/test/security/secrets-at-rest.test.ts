import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { openDatabase } from '../../src/db/database.ts';

/** APP_KEY must be a real secret, and the files holding secrets are the server user's alone. */
let directory: string;
beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'backbeat-secrets-'));
});
afterEach(() => rm(directory, { recursive: true, force: true }));

const configWith = (env: Record<string, string>) =>
  loadConfig({ NODE_ENV: 'test', STORAGE_PATH: directory, ...env });
const modeOf = async (path: string) => (await stat(path)).mode & 0o777;

describe('APP_KEY', () => {
  it.each([
    ['empty', '', /APP_KEY is empty/],
    ['short', 'k3y-that-is-too-short', /APP_KEY must be at least 32 characters \(it has 21\)/],
    ['32 identical characters', 'a'.repeat(32), /APP_KEY is not random enough/],
    ['a repeated pattern', 'abcd'.repeat(8), /APP_KEY is not random enough/],
    ['a repeated hex alphabet', '0123456789abcdef'.repeat(2), /APP_KEY is not random enough/],
    ['the alphabet in order', 'abcdefghijklmnopqrstuvwxyz012345', /APP_KEY is not random enough/],
    ['a word padded out', `secret${'!'.repeat(40)}`, /APP_KEY is not random enough/],
  ])('refuses a key that is %s, saying how to make one', (_case, key, message) => {
    expect(() => configWith({ APP_KEY: key })).toThrow(ConfigError);
    expect(() => configWith({ APP_KEY: key })).toThrow(message);
    expect(() => configWith({ APP_KEY: key })).toThrow(/randomBytes\(32\)/);
  });

  it.each([
    ['32 random bytes, base64url', () => randomBytes(32).toString('base64url')],
    ['16 random bytes, hex', () => randomBytes(16).toString('hex')],
    ['32 random bytes, base64 with a prefix', () => `base64:${randomBytes(32).toString('base64')}`],
  ])('accepts %s', (_case, key) => {
    for (let i = 0; i < 200; i++) {
      const appKey = key();
      expect(configWith({ APP_KEY: appKey }).appKey).toBe(appKey);
    }
  });

  it('stops the server at boot with the reason, before touching the database', async () => {
    const root = resolve(import.meta.dirname, '../../..');
    const result = await new Promise<{ code: number | null; stderr: string }>((done) => {
      execFile(
        process.execPath,
        ['--import', 'tsx', join(root, 'server/src/main.ts')],
        {
          cwd: root,
          env: { ...process.env, APP_KEY: 'a'.repeat(32), STORAGE_PATH: directory, PORT: '0' },
          timeout: 30_000,
        },
        (error, _stdout, stderr) => done({ code: error ? (error.code as number) : 0, stderr }),
      );
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('APP_KEY is not random enough');
    await expect(stat(join(directory, 'database.sqlite'))).rejects.toThrow();
  });

  it('is generated into storage/app.key, readable by the owner only', async () => {
    const config = configWith({});
    const keyFile = join(directory, 'app.key');
    expect(await readFile(keyFile, 'utf8')).toBe(config.appKey);
    expect(await modeOf(keyFile)).toBe(0o600);
    expect(configWith({}).appKey).toBe(config.appKey);
  });

  it('refuses a weak key written into storage/app.key by hand', async () => {
    await writeFile(join(directory, 'app.key'), 'x'.repeat(40));
    expect(() => configWith({})).toThrow(/app\.key is not random enough/);
  });
});

describe('the SQLite database', () => {
  it('is created readable by the owner only, and so are its WAL files', async () => {
    const file = join(directory, 'database.sqlite');
    const database = openDatabase({ driver: 'sqlite', file });
    try {
      await sql`create table t (x integer)`.execute(database.db);
      await sql`insert into t values (1)`.execute(database.db);
      expect(await modeOf(file)).toBe(0o600);
      expect(await modeOf(`${file}-wal`)).toBe(0o600);
    } finally {
      await database.destroy();
    }
  });
});
