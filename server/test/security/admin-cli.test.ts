import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { openDatabase } from '../../src/db/database.ts';
import { verifyPassword } from '../../src/modules/auth/password.ts';

/** `npm run admin`, run as an owner would, against a real SQLite file. */
const root = new URL('../../../', import.meta.url).pathname;
const storage = mkdtempSync(join(tmpdir(), 'backbeat-admin-cli-'));
afterAll(() => rmSync(storage, { recursive: true, force: true }));

function admin(
  ...args: string[]
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/admin-cli.ts', ...args], {
    cwd: root,
    env: { ...env, STORAGE_PATH: storage, LOG_LEVEL: 'silent' },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}

/** The password printed last, inside the box. */
function printedPassword(stdout: string): string {
  const lines = stdout.trimEnd().split('\n');
  expect(lines.at(-1)).toMatch(/^└─+┘$/);
  const match = /^│ password: (\S+)\s*│$/.exec(lines.at(-2) ?? '');
  expect(match).not.toBeNull();
  return match![1]!;
}

async function storedUser(email: string) {
  const database = openDatabase(loadConfig({ STORAGE_PATH: storage }).database);
  try {
    const user = await database.db
      .selectFrom('users')
      .select(['id', 'password'])
      .where('email', '=', email)
      .executeTakeFirst();
    const roles = user
      ? await database.db
          .selectFrom('user_roles as ur')
          .innerJoin('roles as r', 'r.id', 'ur.role_id')
          .select('r.name')
          .where('ur.user_id', '=', user.id)
          .execute()
      : [];
    const sessions = user
      ? await database.db
          .selectFrom('sessions')
          .select('id')
          .where('user_id', '=', user.id)
          .execute()
      : [];
    return user && { ...user, roles: roles.map((r) => r.name), sessions: sessions.length };
  } finally {
    await database.destroy();
  }
}

describe('npm run admin', () => {
  it('create <email> makes an admin account and prints its password last, in a box', async () => {
    const result = await admin('create', 'Owner@Example.test');
    expect(result.code).toBe(0);
    const password = printedPassword(result.stdout);
    const user = await storedUser('owner@example.test');
    expect(user?.roles).toContain('admin');
    expect(await verifyPassword(user!.password, password)).toBe(true);
  }, 60_000);

  it('create refuses an address that already has an account', async () => {
    const result = await admin('create', 'owner@example.test');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('reset-password owner@example.test');
  }, 60_000);

  it('reset-password <email> sets a new password and ends every session', async () => {
    const before = await storedUser('owner@example.test');
    const database = openDatabase(loadConfig({ STORAGE_PATH: storage }).database);
    await database.db
      .insertInto('sessions')
      .values({
        id: 'stolen-session-hash',
        user_id: before!.id,
        ip_address: null,
        user_agent: null,
        payload: '{}',
        remember: 0,
        last_activity: new Date().toISOString(),
        expires_at: new Date(Date.now() + 3_600_000).toISOString(),
        created_at: new Date().toISOString(),
        city: null,
        country: null,
      })
      .execute();
    await database.destroy();
    expect((await storedUser('owner@example.test'))?.sessions).toBe(1);

    const result = await admin('reset-password', 'owner@example.test');
    expect(result.code).toBe(0);
    const password = printedPassword(result.stdout);
    const after = await storedUser('owner@example.test');
    expect(await verifyPassword(after!.password, password)).toBe(true);
    expect(await verifyPassword(after!.password, 'anything-else')).toBe(false);
    expect(after?.sessions).toBe(0);
  }, 60_000);

  it('reset-password for an unknown address changes nothing and says how to create one', async () => {
    const result = await admin('reset-password', 'nobody@example.test');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('create nobody@example.test');
    expect(await storedUser('nobody@example.test')).toBeUndefined();
  }, 60_000);

  it('prints its usage for anything else', async () => {
    const result = await admin('promote', 'x');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Usage: npm run admin');
  }, 60_000);
});
