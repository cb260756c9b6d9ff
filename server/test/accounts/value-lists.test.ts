import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guestBrowser } from '../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

interface ValueLists {
  timezones?: Record<string, { value: string; text: string }[]>;
  countries?: { code: string; name: string }[];
  localizations?: { language: string; name: string }[];
}

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

async function valueLists(names: string): Promise<ValueLists> {
  const response = await (await guestBrowser(testApp.app)).get(`/api/v1/value-lists/${names}`);
  expect(response.statusCode).toBe(200);
  return response.json() as ValueLists;
}

describe('GET value-lists/{names}', () => {
  it('returns the three lists the location and language panel needs, to guests too', async () => {
    const lists = await valueLists('timezones,countries,localizations');
    expect(Object.keys(lists).sort()).toEqual(['countries', 'localizations', 'timezones']);
  });

  it('groups timezones by region, each labelled with its offset', async () => {
    const { timezones } = await valueLists('timezones');
    expect(Object.keys(timezones!)).toEqual(
      expect.arrayContaining(['Africa', 'America', 'Asia', 'Europe']),
    );
    expect(timezones!.Europe).toContainEqual({
      value: 'Europe/London',
      text: expect.stringMatching(/^\(UTC\+0[01]:00\) London$/),
    });
    expect(timezones!.Asia).toContainEqual({ value: 'Asia/Tokyo', text: '(UTC+09:00) Tokyo' });
    expect(timezones!.America).toContainEqual({
      value: 'America/New_York',
      text: expect.stringMatching(/^\(UTC-0[45]:00\) New York$/),
    });
    const all = Object.values(timezones!).flat();
    expect(all).toContainEqual({ value: 'UTC', text: '(UTC+00:00) UTC' });
    for (const zone of all) expect(zone.text).toMatch(/^\(UTC[+-]\d\d:\d\d\) \S/);
    expect(new Set(all.map((z) => z.value)).size).toBe(all.length);
  });

  it('lists countries by ISO code with their English names, sorted by name', async () => {
    const { countries } = await valueLists('countries');
    expect(countries).toContainEqual({ code: 'GB', name: 'United Kingdom' });
    expect(countries).toContainEqual({ code: 'DE', name: 'Germany' });
    expect(countries).toContainEqual({ code: 'JP', name: 'Japan' });
    expect(countries!.length).toBeGreaterThan(240);
    for (const country of countries!) expect(country.code).toMatch(/^[A-Z]{2}$/);
    const codes = countries!.map((c) => c.code);
    for (const notACountry of ['EU', 'UN', 'ZZ']) expect(codes).not.toContain(notACountry);
    const names = countries!.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });

  it('lists the installed localizations', async () => {
    expect((await valueLists('localizations')).localizations).toEqual([
      { language: 'en', name: 'English' },
    ]);
    await testApp.app.services.localizations.createIfMissing('fr', 'Français');
    expect((await valueLists('localizations')).localizations).toEqual([
      { language: 'en', name: 'English' },
      { language: 'fr', name: 'Français' },
    ]);
  });

  it('returns only the lists asked for', async () => {
    expect(Object.keys(await valueLists('countries'))).toEqual(['countries']);
  });

  const ONLY_THESE = 'Lists are timezones, countries, localizations.';
  it.each([
    ['planets', 'names.0', ONLY_THESE],
    ['timezones,planets', 'names.1', ONLY_THESE],
    [',', 'names', expect.any(String)],
  ])('answers %s with 422 on %s', async (names, field, message) => {
    const response = await (await guestBrowser(testApp.app)).get(`/api/v1/value-lists/${names}`);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message, errors: { [field]: [message] } });
  });
});
