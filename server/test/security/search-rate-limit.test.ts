import { SEARCH_RATE_LIMIT } from '@backbeat/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { openBrowser, uniqueIp, type Browser } from '../helpers/client.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const search = (browser: Browser, query = 'night') =>
  browser.get(`/api/v1/search?query=${encodeURIComponent(query)}&perPage=5`);

/** Runs the whole allowance; every search in it is served. */
async function useUpAllowance(browser: Browser): Promise<void> {
  const statuses = new Set<number>();
  for (let i = 0; i < SEARCH_RATE_LIMIT.max; i++)
    statuses.add((await search(browser, `q${i}`)).statusCode);
  expect([...statuses]).toEqual([200]);
}

describe('search rate limit (issue 16)', () => {
  it('answers 429 to a client past its allowance while another address is still served', async () => {
    const flooder = await openBrowser(t.app, { ip: uniqueIp() });
    await useUpAllowance(flooder);

    const refused = await search(flooder);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: expect.stringMatching(/^Too many attempts/) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    const neighbour = await openBrowser(t.app, { ip: uniqueIp() });
    expect((await search(neighbour)).statusCode).toBe(200);
  });

  it('counts a signed-in user on its own, not with everyone behind the same address', async () => {
    const sharedIp = uniqueIp();
    const flooder = await openBrowser(t.app, { ip: sharedIp });
    await useUpAllowance(flooder);
    expect((await search(flooder)).statusCode).toBe(429);

    const colleague = await signedInUser(t.app, {}, { ip: sharedIp });
    expect((await search(colleague.browser)).statusCode).toBe(200);
  });

  it('follows a signed-in user to another address', async () => {
    const account = await signedInUser(t.app, {}, { ip: uniqueIp() });
    await useUpAllowance(account.browser);
    const elsewhere = await openBrowser(t.app, { ip: uniqueIp() });
    await elsewhere.login(account.email, account.password);
    expect((await search(elsewhere)).statusCode).toBe(429);
  });
});
