import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildRequest } from './http.ts';

function stubBrowser(cookie: string) {
  vi.stubGlobal('window', { location: { origin: 'https://music.example' } });
  vi.stubGlobal('document', { cookie });
}

describe('the HTTP client conventions (spec §7)', () => {
  beforeEach(() => stubBrowser('XSRF-TOKEN=token%3D1; activeWorkspaceId=0'));
  afterEach(() => vi.unstubAllGlobals());

  it('prefixes API paths but not auth, secure, log-viewer or horizon, nor prefixed ones', () => {
    expect(buildRequest('GET', 'tracks/1').url).toBe('https://music.example/api/v1/tracks/1');
    expect(buildRequest('POST', 'auth/login').url).toBe('https://music.example/auth/login');
    expect(buildRequest('GET', 'secure/auth/social/google/login').url).toBe(
      'https://music.example/secure/auth/social/google/login',
    );
    expect(buildRequest('GET', 'api/v1/logs/error/download-latest').url).toBe(
      'https://music.example/api/v1/logs/error/download-latest',
    );
  });

  it('echoes the XSRF cookie, asks for JSON and sends cookies', () => {
    const { init } = buildRequest('POST', 'auth/logout');
    expect(init.headers).toMatchObject({ 'X-XSRF-TOKEN': 'token=1', Accept: 'application/json' });
    expect(init.credentials).toBe('include');
  });

  it.each(['PUT', 'PATCH', 'DELETE'] as const)(
    'sends %s as POST with the override header and _method',
    (method) => {
      const { url, init } = buildRequest(method, 'users/1', { body: { name: 'A' } });
      expect(init.method).toBe('POST');
      expect(init.headers).toMatchObject({ 'X-HTTP-Method-Override': method });
      expect(new URL(url).searchParams.get('_method')).toBe(method);
    },
  );

  it('joins with, load and loadCount with commas on GET', () => {
    const { url } = buildRequest('GET', 'albums/1', {
      params: { with: ['tracks', 'artists'], loadCount: ['plays'], tags: ['a', 'b'] },
    });
    const query = new URL(url).searchParams;
    expect(query.get('with')).toBe('tracks,artists');
    expect(query.get('loadCount')).toBe('plays');
    expect(query.getAll('tags[]')).toEqual(['a', 'b']);
  });

  it('adds the active workspace to GET, POST and PUT that lack one, but not to DELETE', () => {
    stubBrowser('XSRF-TOKEN=t; activeWorkspaceId=7');
    const id = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', params = {}) =>
      new URL(buildRequest(method, 'playlists', { params }).url).searchParams.get('workspaceId');
    expect(id('GET')).toBe('7');
    expect(id('POST')).toBe('7');
    expect(id('PUT')).toBe('7');
    expect(id('DELETE')).toBeNull();
    expect(id('GET', { workspaceId: 3 })).toBe('3');
  });

  it('adds no workspace while the personal workspace (0) is active', () => {
    expect(new URL(buildRequest('GET', 'playlists').url).searchParams.has('workspaceId')).toBe(
      false,
    );
  });
});
