import type { SubsonicAPI } from 'subsonic-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { guestBrowser } from '../helpers/accounts.ts';
import { uniqueIp } from '../helpers/client.ts';
import { createUser, uniqueEmail } from '../helpers/factories.ts';
import { openSubsonicValidator } from '../helpers/opensubsonic.ts';
import { failureOf, subsonicClientFrom } from '../helpers/subsonic-client.ts';
import { subsonicXml } from '../helpers/subsonic-conformance.ts';

/**
 * createUser, updateUser, deleteUser and changePassword (issue 38) through the `subsonic-api`
 * client: the web admin's rules hold (who may manage users, what they may grant, the last
 * admin, email and password rules), and /rest never sets a password. Every JSON answer the
 * client receives is checked against the OpenSubsonic description.
 */
let t: TestApp;
const validator = openSubsonicValidator();
const problems: string[] = [];

/** A `subsonic-api` client signed in with an API key of this account. */
async function clientOf(userId: number): Promise<SubsonicAPI> {
  const { plainTextToken } = await t.app.services.accessTokens.create(userId, 'app');
  return subsonicClientFrom(t.app, uniqueIp(), { apiKey: plainTextToken }, (method, body) => {
    const found = validator.problems(method, JSON.parse(body));
    if (found.length) problems.push(`${method}: ${found.join('; ')}`);
  });
}

let admin: SubsonicAPI;
let adminEmail: string;
let listener: SubsonicAPI;
/** Holds admin.access and users.update, and plays music: a user manager, not an admin. */
let staff: SubsonicAPI;

beforeAll(async () => {
  t = await createTestApp();
  adminEmail = t.admin.email;
  admin = await clientOf((await t.app.services.users.findRowByEmail(adminEmail))!.id);
  listener = await clientOf((await createUser(t.app)).id);
  await t.app.services.roles.createRole({
    name: 'user managers',
    description: 'Manage listeners.',
    permissions: ['admin.access', 'users.update', 'music.view', 'music.play'],
  });
  staff = await clientOf((await createUser(t.app, { roleNames: ['user managers'] })).id);
});
afterAll(async () => {
  await t?.close();
});

const hex = (text: string) => Buffer.from(text, 'utf8').toString('hex');
const row = (email: string) => t.app.services.users.findRowByEmail(email);
const canSignIn = async (email: string, password: string) => {
  const browser = await guestBrowser(t.app, { ip: uniqueIp() });
  return (await browser.post('/auth/login', { email, password })).statusCode === 200;
};
/** The account as getUsers shows it to the admin. */
async function listed(email: string) {
  const { users } = await admin.getUsers();
  return users.user?.find((user) => user.username === email);
}
/** updateUser without the password the client's types insist on (setting one is refused). */
type UpdateArgs = Parameters<SubsonicAPI['updateUser']>[0];
const update = (client: SubsonicAPI, args: Partial<UpdateArgs> & { username: string }) =>
  client.updateUser(args as UpdateArgs);

describe('the last admin', () => {
  it('cannot be deleted or demoted over /rest, and keeps everything', async () => {
    expect(await t.app.services.users.activeHoldersOf('admin')).toHaveLength(1);
    expect(failureOf(await admin.deleteUser({ username: adminEmail }))).toEqual({
      code: 0,
      message:
        'This is the last administrator account and cannot be deleted. Make another account an administrator first.',
    });
    expect(failureOf(await update(admin, { username: adminEmail, adminRole: false }))).toEqual({
      code: 0,
      message:
        'The last administrator cannot lose the admin role. Make another account an administrator first.',
    });
    expect(await row(adminEmail)).toBeDefined();
    expect(await listed(adminEmail)).toMatchObject({ adminRole: true, streamRole: true });
  });
});

describe('createUser', () => {
  it('makes an account that signs in on the web and shows the flags it was given', async () => {
    const email = uniqueEmail('made');
    const answer = await admin.createUser({
      username: email,
      email,
      password: `enc:${hex('first-secret')}`,
      uploadRole: 'true',
      streamRole: 'true',
      downloadRole: 'false',
      adminRole: 'false',
      podcastRole: 'true',
    });
    expect(answer.status).toBe('ok');
    expect(await canSignIn(email, 'first-secret')).toBe(true);
    expect(await listed(email)).toMatchObject({
      username: email,
      email,
      adminRole: false,
      streamRole: true,
      downloadRole: true,
      uploadRole: true,
      podcastRole: false,
    });
    const made = await clientOf((await row(email))!.id);
    const { user } = await made.getUser({ username: email });
    expect(user).toMatchObject({ adminRole: false, uploadRole: true, streamRole: true });
  });

  it('makes an admin when asked, with a plain password', async () => {
    const email = uniqueEmail('second-admin');
    expect(
      (
        await admin.createUser({
          username: email,
          email,
          password: 'plain-secret',
          adminRole: 'true',
        })
      ).status,
    ).toBe('ok');
    expect(await canSignIn(email, 'plain-secret')).toBe(true);
    expect(await listed(email)).toMatchObject({ adminRole: true });
    expect(await t.app.services.users.activeHoldersOf('admin')).toContain((await row(email))!.id);
  });

  it('refuses a bad email, a short password or a user name that is not the email, storing nothing', async () => {
    const email = uniqueEmail('refused');
    const cases = [
      [
        { username: 'not-an-email', email: 'not-an-email', password: 'long-enough' },
        'Enter a valid email address.',
      ],
      [
        { username: email, email, password: 'short' },
        'The password must be at least 8 characters.',
      ],
      [
        { username: email, email, password: `enc:${hex('short')}` },
        'The password must be at least 8 characters.',
      ],
      [
        { username: 'someone', email, password: 'long-enough' },
        "The user name is the account's email address: give the same value for username and email.",
      ],
    ] as const;
    for (const [args, message] of cases) {
      expect(failureOf(await admin.createUser(args)), message).toEqual({ code: 0, message });
    }
    expect(await row(email)).toBeUndefined();
    expect(await row('not-an-email')).toBeUndefined();
  });

  it('refuses an email already taken and missing parameters', async () => {
    expect(
      failureOf(
        await admin.createUser({
          username: adminEmail,
          email: adminEmail,
          password: 'long-enough',
        }),
      ),
    ).toEqual({ code: 0, message: 'The email has already been taken.' });
    expect(
      failureOf(
        await admin.createUser({
          username: 'x@backbeat.test',
          email: 'x@backbeat.test',
          password: '',
        }),
      ),
    ).toMatchObject({ code: 10, message: 'Required parameter is missing: password' });
  });
});

describe('updateUser', () => {
  it('changes the email and the roles', async () => {
    const account = await createUser(t.app);
    expect((await update(admin, { username: account.email, adminRole: true })).status).toBe('ok');
    expect(await listed(account.email)).toMatchObject({ adminRole: true });

    const email = uniqueEmail('renamed');
    expect(
      (await update(admin, { username: account.email, email, adminRole: false, uploadRole: true }))
        .status,
    ).toBe('ok');
    expect(await row(account.email)).toBeUndefined();
    expect(await listed(email)).toMatchObject({
      adminRole: false,
      uploadRole: true,
      streamRole: true,
    });
    expect(await canSignIn(email, account.password)).toBe(true);

    expect((await update(admin, { username: email, uploadRole: false })).status).toBe('ok');
    expect(await listed(email)).toMatchObject({ uploadRole: false, streamRole: true });
  });

  it('refuses a bad email and a taken one, changing nothing', async () => {
    const account = await createUser(t.app);
    expect(
      failureOf(await update(admin, { username: account.email, email: 'nope', adminRole: true })),
    ).toEqual({ code: 0, message: 'Enter a valid email address.' });
    expect(
      failureOf(
        await update(admin, { username: account.email, email: adminEmail, adminRole: true }),
      ),
    ).toEqual({ code: 0, message: 'The email has already been taken.' });
    expect(await listed(account.email)).toMatchObject({ adminRole: false });
    expect(failureOf(await update(admin, { username: 'nobody@backbeat.test' }))?.code).toBe(70);
  });

  it('sets no password, refusing the whole change', async () => {
    const account = await createUser(t.app);
    const refused = failureOf(
      await admin.updateUser({
        username: account.email,
        email: account.email,
        password: 'another-secret',
        uploadRole: true,
      }),
    );
    expect(refused?.code).toBe(50);
    expect(await canSignIn(account.email, account.password)).toBe(true);
    expect(await canSignIn(account.email, 'another-secret')).toBe(false);
    expect(await listed(account.email)).toMatchObject({ uploadRole: false });
  });
});

describe('deleteUser', () => {
  it('removes the account', async () => {
    const account = await createUser(t.app);
    expect((await admin.deleteUser({ username: account.email })).status).toBe('ok');
    expect(await row(account.email)).toBeUndefined();
    expect(await canSignIn(account.email, account.password)).toBe(false);
    expect(failureOf(await admin.deleteUser({ username: account.email }))?.code).toBe(70);
  });
});

describe('who may manage users', () => {
  it('refuses every call to a listener with 50, changing nothing', async () => {
    const target = await createUser(t.app);
    const email = uniqueEmail('by-listener');
    const refusals = [
      await listener.createUser({ username: email, email, password: 'long-enough' }),
      await update(listener, { username: target.email, adminRole: true }),
      await listener.deleteUser({ username: target.email }),
      await listener.changePassword({ username: target.email, password: 'long-enough' }),
    ];
    expect(refusals.map((answer) => failureOf(answer)?.code)).toEqual([50, 50, 50, 50]);
    expect(await row(email)).toBeUndefined();
    expect(await row(target.email)).toBeDefined();
    expect(await listed(target.email)).toMatchObject({ adminRole: false });
    expect(await canSignIn(target.email, target.password)).toBe(true);
  });

  it('lets a user manager give only what they hold', async () => {
    const email = uniqueEmail('by-staff');
    expect(
      failureOf(
        await staff.createUser({
          username: email,
          email,
          password: 'long-enough',
          adminRole: 'true',
        }),
      ),
    ).toEqual({
      code: 50,
      message: 'You can only grant permissions you hold yourself. Not yours: admin.',
    });
    expect(
      failureOf(
        await staff.createUser({
          username: email,
          email,
          password: 'long-enough',
          uploadRole: 'true',
        }),
      ),
    ).toEqual({
      code: 50,
      message: 'You can only grant permissions you hold yourself. Not yours: music.create.',
    });
    expect(await row(email)).toBeUndefined();

    const target = await createUser(t.app);
    expect(failureOf(await update(staff, { username: target.email, adminRole: true }))?.code).toBe(
      50,
    );
    expect(await listed(target.email)).toMatchObject({ adminRole: false });
    // An admin holds more than the manager: theirs to change, not the manager's.
    expect(failureOf(await staff.deleteUser({ username: adminEmail }))?.code).toBe(50);
    expect(await row(adminEmail)).toBeDefined();

    expect(
      (await staff.createUser({ username: email, email, password: 'long-enough' })).status,
    ).toBe('ok');
    expect(await listed(email)).toMatchObject({ adminRole: false, streamRole: true });
  });
});

describe('changePassword', () => {
  it("refuses one's own password, pointing to the web app", async () => {
    const own = await createUser(t.app);
    const client = await clientOf(own.id);
    expect(
      failureOf(await client.changePassword({ username: own.email, password: 'taken-over' })),
    ).toEqual({
      code: 50,
      message:
        'Change your password in the web app, under Account settings: apps cannot change it.',
    });
    expect(
      failureOf(await admin.changePassword({ username: adminEmail, password: 'taken-over' }))?.code,
    ).toBe(50);
    expect(await canSignIn(own.email, own.password)).toBe(true);
    expect(await canSignIn(own.email, 'taken-over')).toBe(false);
    expect(await canSignIn(adminEmail, t.admin.password)).toBe(true);
  });

  it("refuses another user's password too: the web admin sets none", async () => {
    const other = await createUser(t.app);
    expect(
      failureOf(await admin.changePassword({ username: other.email, password: 'new-secret-1' })),
    ).toEqual({
      code: 50,
      message:
        "Passwords of other accounts are not set here: send a password reset link from the user's page in the admin area.",
    });
    expect(await canSignIn(other.email, other.password)).toBe(true);
    expect(await canSignIn(other.email, 'new-secret-1')).toBe(false);
    expect(
      failureOf(await admin.changePassword({ username: 'nobody@backbeat.test', password: 'x' }))
        ?.code,
    ).toBe(70);
  });
});

describe('the answers', () => {
  it('in XML when no format is asked', async () => {
    const { plainTextToken } = await t.app.services.accessTokens.create(
      (await row(adminEmail))!.id,
      'xml',
    );
    const email = uniqueEmail('xml');
    const query = new URLSearchParams({
      apiKey: plainTextToken,
      v: '1.16.1',
      c: 'xml',
      username: email,
      email,
      password: 'long-enough',
    });
    const made = await t.app.inject({ method: 'GET', url: `/rest/createUser.view?${query}` });
    expect(made.headers['content-type']).toMatch(/^text\/xml/);
    expect(subsonicXml.parse(made.body)['subsonic-response']).toMatchObject({ status: 'ok' });
    query.set('password', 'short');
    const refused = await t.app.inject({ method: 'GET', url: `/rest/createUser.view?${query}` });
    expect(subsonicXml.parse(refused.body)['subsonic-response']).toMatchObject({
      status: 'failed',
      error: { code: '0', message: 'The password must be at least 8 characters.' },
    });
    query.delete('email');
    query.delete('password');
    const gone = await t.app.inject({ method: 'GET', url: `/rest/deleteUser.view?${query}` });
    expect(subsonicXml.parse(gone.body)['subsonic-response']).toMatchObject({ status: 'ok' });
    expect(await row(email)).toBeUndefined();
  });

  it('every JSON answer the client received matches the OpenSubsonic description', () => {
    expect(problems).toEqual([]);
  });
});
