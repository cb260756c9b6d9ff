import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { seedSmallCatalog } from '../helpers/catalog.ts';
import { createUser } from '../helpers/factories.ts';

/**
 * Issue 38, "every method of the OpenSubsonic description except podcasts, jukebox, video and
 * chat answers": each method the description names (read from ../shared/opensubsonic) is
 * asked once, as an admin, with no parameters. Whatever it answers (a result, or "required
 * parameter missing"), it must not be "unknown method"; podcasts and the jukebox answer the
 * documented "not authorized"; video and chat are left out (LEFT_OUT and the Chat group).
 */
const DESCRIPTION = fileURLToPath(
  new URL('../../../../shared/opensubsonic/openapi.json', import.meta.url),
);
interface Operation {
  tags?: string[];
}
const description = JSON.parse(readFileSync(DESCRIPTION, 'utf8')) as {
  paths: Record<string, Record<string, Operation>>;
};
const methods = Object.entries(description.paths).map(([path, operations]) => ({
  name: path.replace(/^\/rest\//, ''),
  tags: Object.values(operations).flatMap((operation) => operation.tags ?? []),
}));
const refused = (tags: string[]) => tags.includes('Podcast') || tags.includes('Jukebox');
/** Video, which the issue leaves out (chat is left out by its group). */
const LEFT_OUT = new Set(['getVideos', 'getVideoInfo', 'getCaptions', 'hls.m3u8']);
const leftOut = (name: string, tags: string[]) => tags.includes('Chat') || LEFT_OUT.has(name);

type Reply = { 'subsonic-response': { status: string; error?: { code: number; message: string } } };

let test: TestApp;
let apiKey = '';

beforeAll(async () => {
  test = await createTestApp();
  await seedSmallCatalog(test.app);
  const admin = await createUser(test.app, { name: 'Admin', roleNames: ['admin'] });
  apiKey = (await test.app.services.accessTokens.create(admin.id, 'every method')).plainTextToken;
});
afterAll(async () => {
  await test?.close();
});

async function ask(method: string): Promise<Reply['subsonic-response'] | null> {
  const query = new URLSearchParams({ apiKey, v: '1.16.1', c: 'every-method', f: 'json' });
  const response = await test.app.inject({ method: 'GET', url: `/rest/${method}?${query}` });
  expect(response.statusCode, method).toBeLessThan(500);
  // Media calls without an id answer an error in JSON; with one they would send bytes.
  if (!String(response.headers['content-type']).includes('json')) return null;
  return (response.json() as Reply)['subsonic-response'];
}

describe('every method the OpenSubsonic description names', () => {
  it('reads the description: 80 methods in 15 groups, among them those it refuses or leaves out', () => {
    expect(methods).toHaveLength(80);
    const groups = new Set(methods.flatMap((method) => method.tags));
    expect(groups.size).toBe(15);
    // The other tests pick methods by these names: renamed groups would skip them silently.
    for (const group of ['Podcast', 'Jukebox', 'Chat']) {
      expect(groups, group).toContain(group);
    }
    expect(methods.filter((method) => !method.tags.length)).toEqual([]);
  });

  it('answers each supported method (never "unknown method")', async () => {
    const unknown: string[] = [];
    for (const { name, tags } of methods) {
      if (refused(tags) || leftOut(name, tags)) continue;
      const answer = await ask(name);
      if (answer?.error?.code === 70 && /unknown method/i.test(answer.error.message)) {
        unknown.push(name);
      }
    }
    expect(unknown).toEqual([]);
  });

  it('refuses podcasts and the jukebox as not authorized (50), as getOpenSubsonicExtensions implies', async () => {
    const answers = new Map<string, number | undefined>();
    for (const { name } of methods.filter((method) => refused(method.tags))) {
      answers.set(name, (await ask(name))?.error?.code);
    }
    expect(answers.size).toBeGreaterThan(0);
    expect([...answers].filter(([, code]) => code !== 50)).toEqual([]);
  });
});
