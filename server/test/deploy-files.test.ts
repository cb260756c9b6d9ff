/**
 * Issue 39.2: the container files, without a container engine (the image itself is built and
 * driven by CI's .ci/container-image with podman, e2e/container/): these tests hold the
 * Dockerfile and compose.yaml to what README promises, and run the image's health check
 * command itself against a real server, so `npm test` covers them on any machine.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';

const root = join(import.meta.dirname, '../..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const dockerfile = read('Dockerfile');
const compose = read('compose.yaml');

/** The variables of README's configuration table (`A` / `B` rows name two). */
function readmeVariables(): Set<string> {
  const rows = read('README.md')
    .split('\n')
    .filter((line) => line.startsWith('| `'));
  return new Set(
    rows.flatMap((row) => [...row.split('|')[1]!.matchAll(/`([A-Z0-9_]+)`/g)].map((m) => m[1]!)),
  );
}

/** The keys of the backbeat service's `environment:` block. */
function composeVariables(): string[] {
  const service = compose.slice(compose.indexOf('  backbeat:'), compose.indexOf('\n  postgres:'));
  const block = service.slice(service.indexOf('    environment:'), service.indexOf('    volumes:'));
  return [...block.matchAll(/^ {6}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]!);
}

/** A Dockerfile instruction's text (with continuation lines joined), in the file or a stage. */
const instruction = (name: string, text = dockerfile) =>
  text
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .filter((line) => line.startsWith(`${name} `));

describe('compose.yaml', () => {
  it('names every variable as README does', () => {
    const known = readmeVariables();
    expect(known.has('DATABASE_URL')).toBe(true);
    const used = composeVariables();
    expect(used).toEqual(
      expect.arrayContaining([
        'APP_URL',
        'APP_KEY',
        'DATABASE_URL',
        'REDIS_URL',
        'TRUSTED_PROXIES',
        'STORAGE_DRIVER',
        'S3_BUCKET',
        'S3_ENDPOINT',
      ]),
    );
    expect(used.filter((name) => !known.has(name))).toEqual([]);
  });

  it('runs PostgreSQL, Redis and MinIO beside Backbeat, which trusts only its network gateway', () => {
    for (const service of ['postgres', 'redis', 'minio'])
      expect(compose).toContain(`\n  ${service}:\n`);
    const gateway = /gateway: ([\d.]+)/.exec(compose)?.[1];
    expect(compose).toContain(`TRUSTED_PROXIES: ${gateway}`);
  });
});

describe('Dockerfile', () => {
  it('builds in stages and runs as an unprivileged user with Debian’s ffmpeg', () => {
    expect(instruction('FROM').length).toBeGreaterThanOrEqual(2);
    expect(instruction('USER')).toEqual(['USER node']);
    expect(instruction('RUN').some((run) => /apt-get install .*\bffmpeg\b/.test(run))).toBe(true);
  });

  it('runs from production dependencies and built files, not the build stage’s whole tree', () => {
    const copies = instruction('COPY', dockerfile.slice(dockerfile.lastIndexOf('\nFROM ')));
    // The build stage's /app holds every workspace's development tools (2 GB with them).
    expect(copies.filter((copy) => /--from=build\b.*\s\/app\/?(\s|$)/.test(copy))).toEqual([]);
    const dependencies = copies.filter((copy) => copy.includes('node_modules'));
    expect(dependencies.length).toBeGreaterThan(0);
    expect(dependencies.filter((copy) => !/--from=runtime-deps\b/.test(copy))).toEqual([]);
    expect(instruction('RUN').some((run) => /npm ci --omit=dev\b/.test(run))).toBe(true);
  });

  it('keeps storage and music folders in volumes, storage where STORAGE_PATH points', () => {
    const volumes = JSON.parse(instruction('VOLUME')[0]!.slice('VOLUME '.length)) as string[];
    const storagePath = /STORAGE_PATH=(\S+)/.exec(instruction('ENV')[0]!)?.[1];
    expect(volumes).toEqual([storagePath, '/music']);
  });

  describe('its HEALTHCHECK command', () => {
    let site: TestApp;
    beforeAll(async () => {
      // In process, not the built server (issue 37.3): the test takes the database away from
      // the listening app by closing this app's own database handle.
      site = await createTestApp();
      await site.app.listen({ host: '127.0.0.1', port: 0 });
    });
    afterAll(() => site.close());

    const check = instruction('HEALTHCHECK')[0]!;
    const command = JSON.parse(check.slice(check.indexOf('CMD ') + 4)) as string[];
    const runCheck = (port: number) =>
      promisify(execFile)(command[0]!, command.slice(1), {
        env: { ...process.env, PORT: String(port) },
      }).then(
        () => 0,
        (error: { code?: number }) => error.code ?? -1,
      );

    it('asks /health/ready: healthy while the database answers, unhealthy once it is gone', async () => {
      expect(check).toContain('/health/ready');
      const address = site.app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      expect(await runCheck(port)).toBe(0);
      await site.database.destroy();
      expect(await runCheck(port)).toBe(1);
    });
  });
});
