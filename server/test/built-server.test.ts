/**
 * What ships (issue 37.3): the built server, started as `npm start` starts it, answers a
 * signed-in listener over a real socket, and a broken build fails with the server's own output.
 */
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root } from '../../scripts/lib.mjs';
import { signIn, startBuiltServer, type BuiltServer } from './helpers/built-server.ts';

const ADMIN = { email: 'admin@built.test', password: 'built server password' };
const folders: string[] = [];

function configuration(): Record<string, string> {
  const storage = mkdtempSync(join(tmpdir(), 'backbeat-built-'));
  folders.push(storage);
  return {
    APP_KEY: randomBytes(32).toString('base64url'),
    STORAGE_PATH: storage,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'silent',
  };
}

afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe('the built server', () => {
  let server: BuiltServer;
  beforeAll(async () => {
    server = await startBuiltServer(configuration(), { readyTimeoutMs: 120_000 });
  }, 150_000);
  afterAll(() => server?.close());

  it('signs the admin in and answers an authenticated call', async () => {
    const session = await signIn(server.url, ADMIN);
    const response = await session.request('GET', '/api/v1/admin/settings');
    expect(response.status).toBe(200);
    expect(await response.json()).toHaveProperty(['settings', 'branding.site_name']);
  });

  it('refuses the same call without the session', async () => {
    const response = await fetch(`${server.url}/api/v1/admin/settings`, {
      headers: { accept: 'application/json' },
    });
    expect(response.status).toBe(401);
  });
});

describe('a broken build', () => {
  it('fails to start with the server’s own output in the error', async () => {
    const dist = mkdtempSync(join(root, 'server/.broken-dist-'));
    folders.push(dist);
    cpSync(join(root, 'server/dist'), dist, { recursive: true });
    const bundle = join(dist, 'main.js');
    const text = readFileSync(bundle, 'utf8');
    writeFileSync(bundle, text.slice(0, Math.floor(text.length / 2)));
    await expect(startBuiltServer(configuration(), { distPath: dist })).rejects.toThrow(
      /exited \(1\)[\s\S]*SyntaxError/,
    );
  }, 60_000);
});
