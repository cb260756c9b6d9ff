import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { Browser, openBrowser } from './helpers/client.ts';

class PlaylistImportError extends Error {}

interface Frame {
  path: string[];
  lineNumber: number;
  method: string;
  flatIndex: number;
  codeSnippet: Record<string, string>;
}
interface VendorGroup {
  vendorGroup: true;
  items: Frame[];
}
interface TraceBody {
  ignitionTrace: boolean;
  exception: string;
  message: string;
  trace: (Frame | VendorGroup)[];
  totalVendorGroups: number;
}

const isGroup = (entry: Frame | VendorGroup): entry is VendorGroup => 'vendorGroup' in entry;

function registerFailingRoute(app: FastifyInstance): void {
  app.get('/api/v1/test/crash', { config: { access: 'public' } }, async () => {
    throw new PlaylistImportError('The playlist file could not be read');
  });
}

let testApp: TestApp;
let browser: Browser;
let body: TraceBody;

beforeAll(async () => {
  testApp = await createTestApp({ overrides: { debug: true }, configure: registerFailingRoute });
  browser = await openBrowser(testApp.app);
  const response = await browser.get('/api/v1/test/crash');
  expect(response.statusCode).toBe(500);
  body = response.json() as TraceBody;
});
afterAll(() => testApp.close());

describe('a server error in debug mode', () => {
  it('carries the ignitionTrace fields with the exception name and message', () => {
    expect(body).toMatchObject({
      ignitionTrace: true,
      exception: 'PlaylistImportError',
      message: 'The playlist file could not be read',
    });
    expect(Array.isArray(body.trace)).toBe(true);
  });

  it('starts with the application frame that threw, with its code snippet', () => {
    const first = body.trace[0];
    if (!first || isGroup(first)) throw new Error('the first trace entry should be an app frame');
    expect(first.path).toEqual(['server', 'test', 'error-trace.test.ts']);
    expect(first.flatIndex).toBe(0);
    expect(first.method).toEqual(expect.any(String));
    expect(first.codeSnippet[String(first.lineNumber)]).toContain('throw new PlaylistImportError');
  });

  it('folds runs of library frames into vendor groups and counts them', () => {
    const groups = body.trace.filter(isGroup);
    expect(groups.length).toBeGreaterThan(0);
    expect(body.totalVendorGroups).toBe(groups.length);
    for (const group of groups) {
      expect(group.items.length).toBeGreaterThan(0);
      for (const item of group.items) {
        expect(item.path.includes('node_modules') || item.path[0]?.startsWith('node:')).toBe(true);
      }
    }
    // Two groups are never adjacent: a run of vendor frames is one group.
    body.trace.forEach((entry, index) => {
      const next = body.trace[index + 1];
      if (next) expect(isGroup(entry) && isGroup(next)).toBe(false);
    });
  });

  it('numbers every frame in order across groups with flatIndex', () => {
    const frames = body.trace.flatMap((entry) => (isGroup(entry) ? entry.items : [entry]));
    expect(frames.map((frame) => frame.flatIndex)).toEqual(frames.map((_, index) => index));
    for (const frame of frames) {
      expect(frame.path.length).toBeGreaterThan(0);
      expect(Number.isInteger(frame.lineNumber)).toBe(true);
    }
  });

  it('reports the debug flag in the public settings so the client opens the dialog', async () => {
    const response = await browser.get('/api/v1/bootstrap-data');
    expect(response.json()).toHaveProperty('bootstrapData.settings.site.debug', true);
  });

  it('lets the person who saw the error download the log from the dialog', async () => {
    const response = await browser.get('/api/v1/logs/error/download-latest');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('The playlist file could not be read');
  });

  it('keeps client errors in their normal shape', async () => {
    const response = await new Browser(testApp.app).get('/api/v1/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: expect.any(String) });
  });
});
