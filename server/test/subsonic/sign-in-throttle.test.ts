import { SUBSONIC_SIGN_IN_THROTTLE } from '@backbeat/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { openBrowser, uniqueIp } from '../helpers/client.ts';
import { createUser } from '../helpers/factories.ts';
import { failureOf, subsonicClientFrom } from '../helpers/subsonic-client.ts';

/**
 * Issue 35, item 10: /rest throttles count the account a name signs in to, not the name as
 * typed, and count accounts and addresses apart. Spaces, tabs or capitals around a locked
 * account's name neither escape its lock nor sign in; one account's failures lock it from
 * every address; an address that failed against one account (or with random API keys) still
 * signs in to another, up to a per-address ceiling.
 */
let test: TestApp;

beforeAll(async () => {
  test = await createTestApp();
});
afterAll(async () => {
  await test?.close();
});

const TOO_MANY = /Too many failed sign-in attempts/;

async function listenerWithAppPassword(name: string) {
  const listener = await signedInUser(test.app, { name });
  const created = await listener.browser.post('/api/v1/account/app-passwords', { name: 'DSub' });
  expect(created.statusCode).toBe(201);
  const { password } = created.json() as { password: string };
  const { plainTextToken: apiKey } = await test.app.services.accessTokens.create(
    listener.id,
    'Feishin',
  );
  return { email: listener.email, password, apiKey };
}

/** One account's lock spent from this address: its per-account allowance, all wrong. */
async function failFor(email: string, ip: string) {
  const wrong = subsonicClientFrom(test.app, ip, { username: email, password: 'wrong' });
  for (let i = 0; i < SUBSONIC_SIGN_IN_THROTTLE.perAccount; i++) {
    expect(failureOf(await wrong.ping())?.code).toBe(40);
  }
}

describe('/rest sign-in throttles', () => {
  it('locks an account however its name is typed, and from every address', async () => {
    const victim = await listenerWithAppPassword('Typed Tess');
    const attacker = uniqueIp();
    await failFor(victim.email, attacker);

    for (const typed of [
      ` ${victim.email}`,
      `${victim.email}\t`,
      `\t ${victim.email.toUpperCase()} `,
    ]) {
      const guess = subsonicClientFrom(test.app, attacker, {
        username: typed,
        password: 'another-guess',
      });
      expect(failureOf(await guess.ping())?.message).toMatch(TOO_MANY);
      // Even the right app password is not checked while the account is locked.
      const right = subsonicClientFrom(test.app, attacker, {
        username: typed,
        password: victim.password,
      });
      expect(failureOf(await right.ping())?.message).toMatch(TOO_MANY);
    }
    const elsewhere = subsonicClientFrom(test.app, uniqueIp(), {
      username: victim.email,
      password: victim.password,
    });
    expect(failureOf(await elsewhere.ping())?.message).toMatch(TOO_MANY);
    // An API key is not guessed through a name, and stays usable for the account's own apps.
    const keyed = subsonicClientFrom(test.app, uniqueIp(), { apiKey: victim.apiKey });
    expect((await keyed.ping()).status).toBe('ok');
  });

  it('signs in a name typed with spaces or capitals as the account it names', async () => {
    const listener = await listenerWithAppPassword('Spaced Sol');
    const client = subsonicClientFrom(test.app, uniqueIp(), {
      username: ` ${listener.email.toUpperCase()}\t`,
      password: listener.password,
    });
    expect((await client.ping()).status).toBe('ok');
  });

  it("lets an address that failed against one account sign in to another's key and password", async () => {
    const mistyped = await listenerWithAppPassword('Mistyped Mo');
    const other = await listenerWithAppPassword('Other Ora');
    const household = uniqueIp();
    await failFor(mistyped.email, household);
    for (let i = 0; i < SUBSONIC_SIGN_IN_THROTTLE.perAccount; i++) {
      const random = subsonicClientFrom(test.app, household, { apiKey: `random-${i}` });
      expect(failureOf(await random.ping())?.code).toBe(44);
    }

    const byKey = subsonicClientFrom(test.app, household, { apiKey: other.apiKey });
    expect((await byKey.ping()).status).toBe('ok');
    const byPassword = subsonicClientFrom(test.app, household, {
      username: other.email,
      password: other.password,
    });
    expect((await byPassword.ping()).status).toBe('ok');
  });

  it('stops an address that tried too many names, but not the accounts it named', async () => {
    const listener = await listenerWithAppPassword('Ceiling Cy');
    const sprayer = uniqueIp();
    for (let i = 0; i < SUBSONIC_SIGN_IN_THROTTLE.perAddress; i++) {
      const guess = subsonicClientFrom(test.app, sprayer, {
        username: `nobody-${i}@backbeat.test`,
        password: 'guess',
      });
      expect(failureOf(await guess.ping())?.code).toBe(40);
    }
    const fromSprayer = subsonicClientFrom(test.app, sprayer, {
      username: listener.email,
      password: listener.password,
    });
    expect(failureOf(await fromSprayer.ping())?.message).toMatch(TOO_MANY);
    const fromHome = subsonicClientFrom(test.app, uniqueIp(), {
      username: listener.email,
      password: listener.password,
    });
    expect((await fromHome.ping()).status).toBe('ok');
  });
});

describe('the web login limiter', () => {
  it('counts an email however it is typed', async () => {
    const { email, password } = await createUser(test.app);
    const browser = await openBrowser(test.app, { ip: uniqueIp() });
    for (let attempt = 1; attempt <= 5; attempt++) {
      const typed = attempt % 2 ? ` ${email.toUpperCase()}` : `${email}\t`;
      const response = await browser.post('/auth/login', { email: typed, password: 'wrong' });
      expect(response.statusCode).toBe(422);
    }
    for (const typed of [email, `\t${email} `, email.toUpperCase()]) {
      const limited = await browser.post('/auth/login', { email: typed, password });
      expect(limited.statusCode).toBe(429);
    }
  });
});
