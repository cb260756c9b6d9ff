import { describe, expect, it } from 'vitest';
import { apiPath, isSafeRedirect } from './api-path.ts';

describe('apiPath', () => {
  it.each([
    ['users/1', '/api/v1/users/1'],
    ['/users/1', '/api/v1/users/1'],
    ['bootstrap-data', '/api/v1/bootstrap-data'],
    ['notifications?page=2', '/api/v1/notifications?page=2'],
    ['value-lists/timezones,countries', '/api/v1/value-lists/timezones,countries'],
  ])('prefixes %s', (input, expected) => {
    expect(apiPath(input)).toBe(expected);
  });

  it.each([
    ['auth/login', '/auth/login'],
    ['/auth/user/password', '/auth/user/password'],
    ['secure/auth/social/google/login', '/secure/auth/social/google/login'],
    ['log-viewer', '/log-viewer'],
    ['horizon/dashboard', '/horizon/dashboard'],
    ['auth?x=1', '/auth?x=1'],
  ])('serves %s at the root', (input, expected) => {
    expect(apiPath(input)).toBe(expected);
  });

  it('only treats whole first segments as unprefixed roots', () => {
    expect(apiPath('authors/3')).toBe('/api/v1/authors/3');
    expect(apiPath('securely')).toBe('/api/v1/securely');
    expect(apiPath('horizons')).toBe('/api/v1/horizons');
  });

  it.each([
    ['api/v1/logs/error/download-latest', '/api/v1/logs/error/download-latest'],
    ['/api/v1/s3/multipart/batch-sign-part-urls', '/api/v1/s3/multipart/batch-sign-part-urls'],
  ])('does not prefix %s twice', (input, expected) => {
    expect(apiPath(input)).toBe(expected);
  });

  it.each([
    'https://cdn.example.com/a.mp3',
    'http://localhost:9000/bucket/x',
    'HTTPS://EXAMPLE.COM',
  ])('leaves the absolute URL %s alone', (url) => {
    expect(apiPath(url)).toBe(url);
  });
});

describe('isSafeRedirect', () => {
  it.each(['/', '/library', '/admin/users?page=2', '/user/7/ada#top', '/search?q=a//b'])(
    'accepts the same-origin path %s',
    (target) => {
      expect(isSafeRedirect(target)).toBe(true);
    },
  );

  it.each([
    ['protocol-relative', '//evil.com'],
    ['protocol-relative with path', '//evil.com/login'],
    ['backslash host', '/\\evil.com'],
    ['backslash later', '/foo\\..\\\\evil.com'],
    ['absolute https', 'https://evil.com'],
    ['javascript', 'javascript:alert(1)'],
    ['data', 'data:text/html,hi'],
    ['relative without slash', 'evil.com'],
    ['tab', '/\t/evil.com'],
    ['newline', '/\n/evil.com'],
    ['carriage return', '/foo\r\nLocation: x'],
    ['null byte', '/foo\u0000'],
    ['empty', ''],
  ])('rejects %s (%j)', (_name, target) => {
    expect(isSafeRedirect(target)).toBe(false);
  });

  it('rejects missing values', () => {
    expect(isSafeRedirect(null)).toBe(false);
    expect(isSafeRedirect(undefined)).toBe(false);
  });
});
