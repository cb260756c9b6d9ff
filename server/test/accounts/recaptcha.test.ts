import type { BootstrapData } from '@backbeat/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guestBrowser } from '../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import {
  HUMAN_TOKEN,
  RECAPTCHA_SETTINGS,
  startFakeSiteverify,
  type FakeSiteverify,
} from '../helpers/siteverify.ts';

const VERIFY = '/api/v1/recaptcha/verify';

let testApp: TestApp;
let siteverify: FakeSiteverify;

beforeAll(async () => {
  siteverify = await startFakeSiteverify();
  testApp = await createTestApp({ overrides: { recaptchaVerifyUrl: siteverify.url } });
  await testApp.app.services.settings.set(RECAPTCHA_SETTINGS);
});
afterAll(async () => {
  await testApp.close();
  await siteverify.close();
});

describe('POST recaptcha/verify', () => {
  it('answers success for a token the verifier accepts, passing on secret, token and address', async () => {
    const browser = await guestBrowser(testApp.app);
    const response = await browser.post(VERIFY, { token: HUMAN_TOKEN });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect(siteverify.calls.at(-1)).toEqual({
      secret: RECAPTCHA_SETTINGS['recaptcha.secret_key'],
      response: HUMAN_TOKEN,
      remoteip: browser.options.ip,
    });
  });

  it('answers failure for a token the verifier rejects', async () => {
    const response = await (
      await guestBrowser(testApp.app)
    ).post(VERIFY, { token: 'token-of-a-bot' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: false });
  });

  it.each([
    ['no token', {}],
    ['an empty token', { token: '' }],
    ['a token that is not text', { token: 42 }],
  ])('answers %s with 422 on token', async (_case, body) => {
    const response = await (await guestBrowser(testApp.app)).post(VERIFY, body);
    expect(response.statusCode).toBe(422);
    expect(Object.keys((response.json() as { errors: object }).errors)).toEqual(['token']);
  });

  it('fails closed without asking anyone while no secret key is set', async () => {
    await testApp.app.services.settings.set({ 'recaptcha.secret_key': null });
    try {
      const calls = siteverify.calls.length;
      const response = await (await guestBrowser(testApp.app)).post(VERIFY, { token: HUMAN_TOKEN });
      expect(response.json()).toEqual({ success: false });
      expect(siteverify.calls.length).toBe(calls);
    } finally {
      await testApp.app.services.settings.set(RECAPTCHA_SETTINGS);
    }
  });

  it('gives the client the site key and the enabled actions, never the secret', async () => {
    const response = await (await guestBrowser(testApp.app)).get('/api/v1/bootstrap-data');
    const { settings } = (response.json() as { bootstrapData: BootstrapData }).bootstrapData;
    expect(settings).toMatchObject({
      recaptcha: { site_key: 'test-site-key', enable: { register: true } },
    });
    expect(response.body).not.toContain(RECAPTCHA_SETTINGS['recaptcha.secret_key']);
  });
});
