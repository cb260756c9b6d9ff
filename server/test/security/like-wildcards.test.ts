import { readdir, readFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResults } from '@backbeat/common';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { openBrowser } from '../helpers/client.ts';
import { createUser } from '../helpers/factories.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  for (const name of [
    'Alice Zed',
    'Bob Zed',
    'Abby Brown',
    '1000 Voices',
    '100%_Pure Sound',
    'Zebra Tone',
  ]) {
    await createUser(t.app, { name });
  }
  await createUser(t.app, { name: 'snake_case fan' });
  await createUser(t.app, { name: 'snakeXcase twin' });
});
afterAll(() => t.close());

/** The names of the users a guest finds, as the search page asks (no login). */
async function usersFound(query: string): Promise<string[]> {
  const browser = await openBrowser(t.app);
  const response = await browser.get(
    `/api/v1/search?query=${encodeURIComponent(query)}&types=users`,
  );
  expect(response.statusCode).toBe(200);
  return (response.json() as { results: SearchResults }).results.users.map((u) => u.name);
}

describe(`user search with LIKE wildcards typed (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('finds users by name prefix, as before', async () => {
    expect(await usersFound('ali')).toEqual(['Alice Zed']);
    expect(await usersFound('zed')).toEqual(['Alice Zed', 'Bob Zed']);
  });

  // The words of a query are matched as folded prefixes ("% a" looks for names with a word
  // starting with "a"); what the user typed around them must never act as a pattern.
  it.each([
    ['a lone percent sign before a word', '% a', 'a', 'Bob Zed'],
    ['underscores as single-character wildcards', '__b z', 'b', 'Zebra Tone'],
    ['a leading percent sign', '%lic z', 'lic', 'Alice Zed'],
    ['only a wildcard', '%', '', 'Alice Zed'],
    ['an escaped wildcard', '\\%', '', 'Alice Zed'],
  ])('does not widen the match for %s (%j)', async (_case, query, words, outsider) => {
    const found = await usersFound(query);
    expect(found).not.toContain(outsider);
    expect(found).toEqual(words ? await usersFound(words) : []);
  });

  it('still finds names that contain % or _ literally', async () => {
    expect(await usersFound('100%_p')).toContain('100%_Pure Sound');
    expect(await usersFound('snake_c')).toContain('snake_case fan');
  });
});

describe('LIKE in the server', () => {
  it('is only written through db/like.ts, which escapes what users type', async () => {
    const root = resolve(import.meta.dirname, '../../src');
    const files = (await readdir(root, { recursive: true }))
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .filter((file) => file !== join('db', 'like.ts'));
    // Kysely's 'like' / 'ilike' operators, and LIKE before an interpolated pattern in sql``.
    const rawLike = /['"`](?:not )?i?like['"`]|\bi?like\s+\$\{/i;
    const offenders: string[] = [];
    for (const file of files) {
      const text = await readFile(join(root, file), 'utf8');
      if (rawLike.test(text)) offenders.push(relative(root, join(root, file)));
    }
    expect(files.length).toBeGreaterThan(50);
    expect(offenders).toEqual([]);
  });
});
