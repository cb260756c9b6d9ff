import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { openBrowser, type Browser } from '../helpers/client.ts';

/**
 * The admin's transcoding profiles and limits (issue 38.6): created, listed and refused with
 * 422 per field (a format or encoder setting outside the safe set, a bitrate out of range, a
 * limit that names nobody); listeners cannot reach them.
 */
let t: TestApp;
let admin: Browser;
const PROFILES = '/api/v1/admin/transcoding-profiles';
const LIMITS = '/api/v1/admin/transcoding-limits';

beforeAll(async () => {
  t = await createTestApp();
  admin = await openBrowser(t.app);
  await admin.login(t.admin.email, t.admin.password);
});
afterAll(() => t?.close());

describe('transcoding profiles and limits', () => {
  it('creates a profile and a client limit that uses it, and lists them', async () => {
    const created = await admin.post(PROFILES, {
      name: 'Phones',
      format: 'opus',
      bit_rate: 96,
      preset: 'vbr',
    });
    expect(created.statusCode).toBe(201);
    const { profile } = created.json() as { profile: { id: number; format: string } };
    expect(profile.format).toBe('opus');
    const limit = await admin.post(LIMITS, {
      client: 'Symfonium',
      max_bit_rate: 128,
      profile_id: profile.id,
    });
    expect(limit.statusCode).toBe(201);
    const list = (await admin.get(LIMITS)).json() as {
      pagination: { data: { client: string; profile_id: number }[] };
    };
    expect(list.pagination.data).toEqual([
      expect.objectContaining({ client: 'Symfonium', profile_id: profile.id, user_id: null }),
    ]);
    const target = await t.app.services.transcoding.defaultFor(1, 'Symfonium');
    expect(target).toEqual({ format: 'opus', bitRate: 96, preset: 'vbr' });
  });

  it.each([
    [{ name: 'Odd', format: 'flac', bit_rate: 96 }, 'format'],
    [{ name: 'Shell', format: 'mp3', bit_rate: 96, preset: '-i /etc/passwd' }, 'preset'],
    [{ name: 'Huge', format: 'mp3', bit_rate: 5000 }, 'bit_rate'],
    [{ name: '', format: 'mp3', bit_rate: 96 }, 'name'],
  ])('refuses a profile %j with 422 on %s', async (input, field) => {
    const answer = await admin.post(PROFILES, input);
    expect(answer.statusCode).toBe(422);
    expect((answer.json() as { errors: Record<string, string[]> }).errors[field]).toBeDefined();
  });

  it('refuses a limit for nobody, for a missing user or a missing profile', async () => {
    const nobody = await admin.post(LIMITS, { max_bit_rate: 64 });
    expect(nobody.statusCode).toBe(422);
    expect(nobody.json()).toMatchObject({ errors: { user_id: [expect.any(String)] } });
    const ghost = await admin.post(LIMITS, { user_id: 999_999, max_bit_rate: 64 });
    expect(ghost.json()).toMatchObject({ errors: { user_id: ['This user does not exist.'] } });
    const noProfile = await admin.post(LIMITS, { client: 'DSub', profile_id: 999_999 });
    expect(noProfile.json()).toMatchObject({
      errors: { profile_id: ['This profile does not exist.'] },
    });
  });

  it('is not for listeners', async () => {
    const listener = await signedInUser(t.app);
    expect((await listener.browser.get(PROFILES)).statusCode).toBe(403);
    expect(
      (await listener.browser.post(LIMITS, { client: 'x', max_bit_rate: 64 })).statusCode,
    ).toBe(403);
  });
});
