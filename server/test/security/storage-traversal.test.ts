import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { avatarDirectory } from '../../src/modules/users/avatars.ts';

/**
 * Issue 16: no spelling of "go up" reaches a file outside the folders /storage/* serves.
 * Canaries sit in the storage folder (beside the database and app key) and above it; the
 * requests go over a real socket to the built server (issue 37.3), so no client tidies the
 * path first.
 */
let t: TestApp;
let base: string;
const secret = `canary-${randomBytes(12).toString('hex')}`;
// The name is not the secret: error answers may echo the path asked for.
const canaryName = `canary-${randomBytes(4).toString('hex')}.txt`;
let outsideCanary: string;
let appKey: string;

beforeAll(async () => {
  t = await createTestApp({ builtServer: true });
  base = new URL(t.url!).host;
  await writeFile(join(t.config.storagePath, canaryName), secret);
  outsideCanary = join(dirname(t.config.storagePath), canaryName);
  await writeFile(outsideCanary, secret);
  // A real image beside the avatars proves the folder is served at all.
  await writeFile(join(avatarDirectory(t.config.storagePath), 'ok.png'), 'png bytes');
  appKey = t.config.appKey;
  expect(readFileSync(join(t.config.storagePath, canaryName), 'utf8')).toBe(secret);
});
afterAll(async () => {
  await rm(outsideCanary, { force: true });
  await t.close();
});

/** GET with the path exactly as written. */
function rawGet(path: string): Promise<{ status: number; body: string }> {
  const [host, port] = base.split(':');
  return new Promise((resolve, reject) => {
    const req = request({ host, port: Number(port), path, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('latin1');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Ways of writing one "parent folder" step. */
const UP = [
  '../',
  '..%2f',
  '..%2F',
  '%2e%2e/',
  '%2e%2e%2f',
  '.%2e/',
  '%2e./',
  '%252e%252e%252f',
  '..%252f',
  '%25%32%65%25%32%65%25%32%66',
  '..\\',
  '..%5c',
  '%2e%2e%5c',
  '..%255c',
  '%c0%ae%c0%ae/',
  '%c0%ae%c0%ae%c0%af',
  '%e0%80%ae%e0%80%ae/',
  '%ef%bc%8e%ef%bc%8e/',
  '%ef%bc%8e%ef%bc%8e%ef%bc%8f',
  '%e2%80%a5/',
  '....//',
  '..;/',
  '..%00/',
  '..%01/',
  '.../',
];
const TARGETS = () => [canaryName, 'app.key', 'database.sqlite'];
const PREFIXES = ['/storage/avatars/', '/storage/public/', '/storage/public/artwork/'];

function traversals(): string[] {
  const paths: string[] = [];
  for (const prefix of PREFIXES)
    for (const up of UP)
      for (let depth = 1; depth <= 4; depth++)
        for (const target of TARGETS()) paths.push(prefix + up.repeat(depth) + target);
  return paths;
}

/** Absolute paths, null bytes and odd endings. */
function oddPaths(): string[] {
  const absolute = join(t.config.storagePath, canaryName);
  const outside = outsideCanary;
  const paths: string[] = [];
  for (const prefix of PREFIXES) {
    paths.push(
      prefix + absolute,
      prefix + '/' + absolute,
      prefix + encodeURIComponent(absolute),
      prefix + absolute.replaceAll('/', '%5c'),
      prefix + encodeURIComponent(outside),
      prefix + '%2f' + outside.slice(1).replaceAll('/', '%2f'),
      prefix + `file:${absolute}`,
      prefix + `${canaryName}%00.png`,
      prefix + `ok.png%00/../../${canaryName}`,
      prefix + `ok.png/../../../${canaryName}`,
      prefix + `%00../../${canaryName}`,
      prefix + `C:%5c..%5c..%5c${canaryName}`,
    );
  }
  return paths;
}

describe('path traversal against /storage/*', () => {
  it('serves the real avatar (the folder is reachable)', async () => {
    const response = await rawGet('/storage/avatars/ok.png');
    expect(response.status).toBe(200);
    expect(response.body).toBe('png bytes');
  });

  it('never serves a canary, the app key or the database, and never fails with 5xx', async () => {
    const paths = [...traversals(), ...oddPaths()];
    expect(paths.length).toBeGreaterThan(900);
    const leaks: string[] = [];
    const crashes: string[] = [];
    for (const path of paths) {
      const { status, body } = await rawGet(path);
      if (body.includes(secret) || body.includes(appKey) || body.startsWith('SQLite format'))
        leaks.push(`${status} ${path}`);
      if (status >= 500 || status === 200) crashes.push(`${status} ${path}`);
    }
    expect(leaks).toEqual([]);
    expect(crashes).toEqual([]);
  }, 60_000);
});
