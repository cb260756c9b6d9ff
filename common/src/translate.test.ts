import { describe, expect, it } from 'vitest';
import { translate } from './translate.ts';

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
