// `npm run lighthouse`: Lighthouse's accessibility score for home, an album and the login
// page of the production build (fresh storage, demo catalog), in Debian's Chromium. Exits
// with 1 when a page scores under 100, listing the failing audits.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { SERVER_NODE_FLAGS } from './server-flags.ts';

const ROOT = new URL('../../', import.meta.url).pathname;
const CHROME_PATH = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function waitForReady(url: string) {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${url}/health/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Server at ${url} did not become ready`);
}

async function main(): Promise<number> {
  const storage = mkdtempSync(join(tmpdir(), 'backbeat-lighthouse-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const { DATABASE_URL: _database, REDIS_URL: _redis, ...inherited } = process.env;
  const app = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'server/dist/main.js'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...inherited, PORT: String(port), HOST: '127.0.0.1', STORAGE_PATH: storage },
  });
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    await waitForReady(url);
    const db = new Database(join(storage, 'database.sqlite'), { readonly: true });
    const album = db.prepare('select id from albums order by popularity desc limit 1').get() as {
      id: number;
    };
    db.close();
    const pages = [
      { name: 'home', path: '/' },
      { name: 'album', path: `/album/${album.id}/x/x` },
      { name: 'login', path: '/login' },
    ];

    chrome = await chromeLauncher.launch({
      chromePath: CHROME_PATH,
      chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'],
    });
    let failed = 0;
    console.info('\nLighthouse accessibility (Chromium, desktop)\n');
    for (const page of pages) {
      const result = await lighthouse(`${url}${page.path}`, {
        port: chrome.port,
        onlyCategories: ['accessibility'],
        formFactor: 'desktop',
        screenEmulation: { disabled: true },
        logLevel: 'error',
        output: 'json',
      });
      const lhr = result!.lhr;
      const score = Math.round((lhr.categories.accessibility?.score ?? 0) * 100);
      console.info(`${page.name.padEnd(8)} ${score}`);
      if (score < 100) {
        failed++;
        for (const audit of Object.values(lhr.audits)) {
          if (audit.score === null || audit.score >= 1 || audit.scoreDisplayMode !== 'binary')
            continue;
          console.info(`  ${audit.id}: ${audit.title}`);
          const items = (audit.details as { items?: { node?: { snippet?: string } }[] } | undefined)
            ?.items;
          for (const item of items?.slice(0, 5) ?? [])
            if (item.node?.snippet) console.info(`    ${item.node.snippet.slice(0, 160)}`);
        }
      }
    }
    return failed ? 1 : 0;
  } finally {
    await chrome?.kill();
    app.kill('SIGTERM');
    await new Promise((resolve) => app.once('exit', resolve));
    rmSync(storage, { recursive: true, force: true });
  }
}

process.exitCode = await main();
