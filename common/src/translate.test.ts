import { describe, expect, it } from 'vitest';
import { translate, translateChoice } from './translate.ts';

const lines = {
  'Joined workspace': 'Arbeitsbereich beigetreten',
  'I accept the :name': 'Ich akzeptiere die :name',
  'disabled :service account': ':service-Konto deaktiviert',
};

describe('translate', () => {
  it('looks the line up in the locale dictionary', () => {
    expect(translate(lines, 'Joined workspace')).toBe('Arbeitsbereich beigetreten');
  });

  it('falls back to the line itself when the dictionary lacks it', () => {
    expect(translate(lines, 'Updated preferences')).toBe('Updated preferences');
    expect(translate({}, 'Email sent')).toBe('Email sent');
  });

  it('falls back to the lower-case key', () => {
    expect(translate(lines, 'Disabled :service account', { service: 'Google' })).toBe(
      'Google-Konto deaktiviert',
    );
  });

  it('fills placeholders in the translated line', () => {
    expect(translate(lines, 'I accept the :name', { name: 'Terms' })).toBe(
      'Ich akzeptiere die Terms',
    );
  });

  it('fills placeholders in an untranslated line, every occurrence', () => {
    expect(translate({}, ':count of :count left', { count: 3 })).toBe('3 of 3 left');
  });

  it('replaces longer names first so :name never eats :names', () => {
    expect(translate({}, ':names and :name', { name: 'Ann', names: 'Bob, Cy' })).toBe(
      'Bob, Cy and Ann',
    );
  });

  it('turns null and undefined replacements into empty text', () => {
    expect(translate({}, 'Hi :name!', { name: null })).toBe('Hi !');
    expect(translate({}, 'Hi :name!', { name: undefined })).toBe('Hi !');
  });

  it('leaves placeholders without a replacement in place', () => {
    expect(translate({}, 'Hi :name', { other: 'x' })).toBe('Hi :name');
  });
});

describe('translateChoice', () => {
  it('picks the singular for one and the plural otherwise', () => {
    expect(translateChoice({}, ':count track|:count tracks', 1)).toBe('1 track');
    expect(translateChoice({}, ':count track|:count tracks', 0)).toBe('0 tracks');
    expect(translateChoice({}, ':count track|:count tracks', 2)).toBe('2 tracks');
    expect(translateChoice({}, ':count play|:count plays', 12345)).toBe('12,345 plays');
  });

  it('uses the translation and the locale’s rules and number format', () => {
    const german = { ':count track|:count tracks': ':count Titel|:count Titel' };
    expect(translateChoice(german, ':count track|:count tracks', 1500, {}, 'de')).toBe(
      '1.500 Titel',
    );
    const french = { ':count play|:count plays': ':count écoute|:count écoutes' };
    // French counts 0 and 1 as singular.
    expect(translateChoice(french, ':count play|:count plays', 0, {}, 'fr')).toBe('0 écoute');
  });

  it('fills other placeholders and survives an unknown locale', () => {
    expect(
      translateChoice(
        {},
        ':count track by :name|:count tracks by :name',
        3,
        { name: 'X' },
        'xx-invalid-',
      ),
    ).toBe('3 tracks by X');
  });
});
