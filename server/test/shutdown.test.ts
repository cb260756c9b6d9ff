import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { builtServerLaunch } from './helpers/built-server.ts';

const root = new URL('../../', import.meta.url).pathname;
const storage = mkdtempSync(join(tmpdir(), 'backbeat-shutdown-'));
afterAll(() => rmSync(storage, { recursive: true, force: true }));

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** The built server (server/dist/main.js) as `npm start` runs it (issue 37.3). */
describe('the server process', () => {
  it('starts from nothing, prints the admin credentials once, and exits cleanly on SIGTERM', async () => {
    const port = await freePort();
    const { DATABASE_URL: _ignored, ...env } = process.env;
    const launch = builtServerLaunch({
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      STORAGE_PATH: storage,
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: 'first-start-pass',
    });
    const child = spawn(process.execPath, launch.args, { cwd: root, env: launch.env });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) =>
      child.on('exit', (code) => resolve(code)),
    );

    await expect.poll(() => output, { timeout: 20_000 }).toContain('Backbeat is listening');
    // The password box is printed last, after the listening line, and may arrive in a later chunk.
    await expect.poll(() => output, { timeout: 5_000 }).toContain('password: first-start-pass');
    const ready = await fetch(`http://127.0.0.1:${port}/health/ready`);
    expect(await ready.json()).toEqual({ status: 'ok', checks: { database: true } });

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    await expect(fetch(`http://127.0.0.1:${port}/health/live`)).rejects.toThrow();
  }, 30_000);
});
