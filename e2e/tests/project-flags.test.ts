import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { root, serverNode } from '../../scripts/lib.mjs';

// The built server (npm run build) as an operator starts it by hand: `node server/dist/main.js`.
const ENTRY = 'server/dist/main.js';
const storages: string[] = [];

/** Starts the built server until it listens, then stops it; resolves with what it wrote to stderr. */
function startBuilt(flags: string[], env: NodeJS.ProcessEnv): Promise<string> {
  const storage = mkdtempSync(join(tmpdir(), 'backbeat-flags-'));
  storages.push(storage);
  // The embedded defaults, whatever database, Redis or allocator settings the shell has.
  const {
    DATABASE_URL: _database,
    REDIS_URL: _redis,
    MALLOC_ARENA_MAX: _arenas,
    ...inherited
  } = process.env;
  const child = spawn(process.execPath, [...flags, ENTRY], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...inherited,
      ...env,
      PORT: '0',
      HOST: '127.0.0.1',
      STORAGE_PATH: storage,
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: 'flags@backbeat.test',
      ADMIN_PASSWORD: 'flags-password-123',
    },
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      // Listening means the start is over; the warning, if any, was written before it.
      if (chunk.toString().includes('Backbeat is listening')) child.kill('SIGTERM');
    });
    child.once('error', reject);
    child.once('exit', () => resolve(stderr));
  });
}

afterAll(() => storages.forEach((path) => rmSync(path, { recursive: true, force: true })));

describe('the built server and the Node settings of server/node-flags.json', () => {
  it('started without them, warns once with the whole command to use', async () => {
    const { flags, env } = serverNode();
    const command = [
      ...Object.entries(env({})).map(([name, value]) => `${name}=${value}`),
      'node',
      ...flags,
      ENTRY,
    ].join(' ');

    const stderr = await startBuilt([], {});

    expect(stderr).toContain("started without the project's Node settings");
    expect(stderr.split(command).length - 1).toBe(1);
  });

  it('started as npm start starts it, says nothing of them', async () => {
    const { flags, env } = serverNode();

    const stderr = await startBuilt(flags, env({}));

    expect(stderr).not.toContain('Node settings');
  });
});
