// `npm run lighthouse`: Lighthouse's accessibility and SEO scores for home, an album, an
// artist and the login page of the production build (fresh storage, demo catalog), in
// Debian's Chromium. Exits with 1 when a page scores under its goal (accessibility 100 on
// home, album and login; SEO 95 on home, album and artist), listing the failing audits.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SQLite as Database } from '../../server/src/db/sqlite-driver.ts';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { spawnServerNode } from './server-flags.ts';

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
  const app = spawnServerNode({
    script: 'server/dist/main.js',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      STORAGE_PATH: storage,
    },
  });
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    await waitForReady(url);
    const db = new Database(join(storage, 'database.sqlite'), { readonly: true });
    const album = db.prepare('select id from albums order by popularity desc limit 1').get() as {
      id: number;
    };
    const artist = db.prepare('select id from artists order by popularity desc limit 1').get() as {
      id: number;
    };
    db.close();
    const pages = [
      { name: 'home', path: '/', goals: { accessibility: 100, seo: 95 } },
      { name: 'album', path: `/album/${album.id}/x/x`, goals: { accessibility: 100, seo: 95 } },
      { name: 'artist', path: `/artist/${artist.id}`, goals: { seo: 95 } },
      { name: 'login', path: '/login', goals: { accessibility: 100 } },
    ];

    chrome = await chromeLauncher.launch({
      chromePath: CHROME_PATH,
      chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'],
    });
    let failed = 0;
    console.info('\nLighthouse (Chromium, desktop): score / goal\n');
    for (const page of pages) {
      const categories = Object.keys(page.goals) as ('accessibility' | 'seo')[];
      const result = await lighthouse(`${url}${page.path}`, {
        port: chrome.port,
        onlyCategories: categories,
        formFactor: 'desktop',
        screenEmulation: { disabled: true },
        logLevel: 'error',
        output: 'json',
      });
      const lhr = result!.lhr;
      const scores = categories.map((category) => {
        const score = Math.round((lhr.categories[category]?.score ?? 0) * 100);
        return { category, score, goal: page.goals[category]! };
      });
      console.info(
        `${page.name.padEnd(8)} ${scores.map((s) => `${s.category} ${s.score} / ${s.goal}`).join('   ')}`,
      );
      const short = scores.filter((s) => s.score < s.goal);
      if (!short.length) continue;
      failed++;
      const audits = short.flatMap((s) =>
        lhr.categories[s.category]!.auditRefs.map((ref) => lhr.audits[ref.id]!),
      );
      for (const audit of audits) {
        if (audit.score === null || audit.score >= 1 || audit.scoreDisplayMode !== 'binary')
          continue;
        console.info(`  ${audit.id}: ${audit.title}`);
        const items = (audit.details as { items?: { node?: { snippet?: string } }[] } | undefined)
          ?.items;
        for (const item of items?.slice(0, 5) ?? [])
          if (item.node?.snippet) console.info(`    ${item.node.snippet.slice(0, 160)}`);
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
