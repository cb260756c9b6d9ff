// Starts the built server a few times on the Node running this script, asks what a visitor and
// a signed-in listener ask, and stops it, failing on any crash or error answer. CI runs it on
// Node 24 (.ci/node24-smoke): the server's native SQLite driver once aborted there at random,
// when a freed statement was collected, which only a real process under real requests shows.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root, serverNode } from './lib.mjs';

const STARTS = Number(process.argv[2] ?? 3);
const ENTRY = process.env.SERVER_ENTRY ?? 'server/dist/main.js';
const ADMIN = { email: 'smoke@backbeat.test', password: 'smoke-password-123' };
const storage = mkdtempSync(join(tmpdir(), 'backbeat-runtime-smoke-'));

const freePort = () =>
  new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

async function expectOk(url, init) {
  const response = await fetch(url, init);
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${init?.method ?? 'GET'} ${url}: ${response.status}`);
  return response;
}

async function oneStart(round) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // The embedded defaults (SQLite, local disk, jobs in process), whatever CI's shell sets.
  const { DATABASE_URL: _database, REDIS_URL: _redis, ...inherited } = process.env;
  const { flags, env } = serverNode();
  const child = spawn(process.execPath, [...flags, ENTRY], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: env({
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      STORAGE_PATH: storage,
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    }),
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  try {
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(
          `start ${round}: the server ended before it was ready\n${stderr.slice(-2000)}`,
        );
      }
      try {
        await expectOk(`${base}/health/ready`);
        break;
      } catch {
        if (Date.now() > deadline) throw new Error('the server did not get ready in 60 s');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    const json = { accept: 'application/json' };
    await expectOk(`${base}/`);
    const page = await fetch(`${base}/`);
    const cookies = page.headers.getSetCookie().map((line) => line.split(';')[0]);
    await page.arrayBuffer();
    const xsrf = cookies.find((c) => c.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length);
    const login = await expectOk(`${base}/auth/login`, {
      method: 'POST',
      headers: {
        ...json,
        'content-type': 'application/json',
        cookie: cookies.join('; '),
        'x-xsrf-token': xsrf ?? '',
      },
      body: JSON.stringify({ ...ADMIN, remember: true }),
    });
    const session = [...cookies, ...login.headers.getSetCookie().map((line) => line.split(';')[0])];
    const signedIn = { ...json, cookie: session.join('; ') };
    for (let i = 1; i <= 40; i++) {
      await expectOk(`${base}/api/v1/bootstrap-data`, { headers: signedIn });
      await expectOk(`${base}/api/v1/channel/discover`, { headers: json });
      await fetch(`${base}/api/v1/albums/${i}`, { headers: json }).then((r) => r.arrayBuffer());
      await expectOk(`${base}/api/v1/search?query=${'abcdefghij'[i % 10]}${i}`, { headers: json });
    }
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  }
  const { code, signal } = await exited;
  if (code !== 0 || /Assertion|Segmentation|FATAL/i.test(stderr)) {
    throw new Error(
      `start ${round}: the server ended with ${signal ?? code}\n${stderr.slice(-2000)}`,
    );
  }
}

try {
  for (let round = 1; round <= STARTS; round++) await oneStart(round);
  console.info(
    `The built server started, answered and stopped cleanly ${STARTS} times on Node ${process.version}.`,
  );
} finally {
  rmSync(storage, { recursive: true, force: true });
}
