import type { BootstrapData } from '@backbeat/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { openBrowser, type Browser } from './helpers/client.ts';
import { createUser } from './helpers/factories.ts';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
  await testApp.app.services.localizations.createIfMissing('de', 'Deutsch');
  testApp.app.services.bootstrap.clearCaches();
});
afterAll(() => testApp.close());

const languageOf = async (client: Browser) => {
  const response = await client.get('/api/v1/bootstrap-data');
  return (response.json() as { bootstrapData: BootstrapData }).bootstrapData.locale.language;
};

describe('POST /api/v1/users/me/locale', () => {
  it('switches a guest to an available language through a cookie', async () => {
    const guest = await openBrowser(testApp.app);
    const response = await guest.post('/api/v1/users/me/locale', { locale: 'de' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      locale: expect.objectContaining({ language: 'de', name: 'Deutsch', lines: {} }),
    });
    expect(guest.cookies.get('locale')).toBe('de');
    expect(await languageOf(guest)).toBe('de');
  });

  it('stores the language on the account of a logged-in user', async () => {
    const { email, password, id } = await createUser(testApp.app);
    const browser = await openBrowser(testApp.app);
    await browser.login(email, password);
    expect((await browser.post('/api/v1/users/me/locale', { locale: 'de' })).statusCode).toBe(200);
    expect((await testApp.app.services.users.findById(id))?.language).toBe('de');

    const otherDevice = await openBrowser(testApp.app);
    await otherDevice.login(email, password);
    expect(await languageOf(otherDevice)).toBe('de');
  });

  it('refuses a language that has no localization with 422 on the locale field', async () => {
    const guest = await openBrowser(testApp.app);
    const response = await guest.post('/api/v1/users/me/locale', { locale: 'xx' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toHaveProperty('errors.locale', ['This language is not available.']);
    expect(await languageOf(guest)).toBe('en');
  });

  it('validates the payload', async () => {
    const guest = await openBrowser(testApp.app);
    const response = await guest.post('/api/v1/users/me/locale', { locale: 'x' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toHaveProperty('errors.locale');
  });
});
