import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  getTagTracks,
  removePlaylistTracks,
  streamTrack,
  updatePlaylist,
} from '@backbeat/common/contracts';
import { api, apiUrl } from './api.ts';

let sent: { url: string; init: RequestInit }[] = [];

beforeEach(() => {
  sent = [];
  vi.stubGlobal('window', { location: { origin: 'https://music.example' } });
  vi.stubGlobal('document', { cookie: 'XSRF-TOKEN=token; activeWorkspaceId=0' });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    sent.push({ url, init });
    return new Response(JSON.stringify({ ok: true }), { status: 200 });
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('api(contract, input)', () => {
  it('fills path params by name (encoded) and sends the other fields as the query of a GET', async () => {
    await api(getTagTracks, { name: 'lo fi/chill', page: 2, perPage: 30 });
    const url = new URL(sent[0]!.url);
    expect(url.pathname).toBe('/api/v1/tags/lo%20fi%2Fchill/tracks');
    expect(Object.fromEntries(url.searchParams)).toEqual({ page: '2', perPage: '30' });
    expect(sent[0]!.init.method).toBe('GET');
  });

  it('sends a DELETE with a body as POST with the override and the fields as JSON', async () => {
    await api(removePlaylistTracks, { id: 7, ids: [1, 2] });
    const url = new URL(sent[0]!.url);
    expect(url.pathname).toBe('/api/v1/playlists/7/tracks');
    expect(url.searchParams.get('_method')).toBe('DELETE');
    expect(url.searchParams.has('ids')).toBe(false);
    expect(sent[0]!.init.method).toBe('POST');
    expect(JSON.parse(String(sent[0]!.init.body))).toEqual({ ids: [1, 2] });
  });

  it('keeps path params out of the body', async () => {
    await api(updatePlaylist, { id: 3, name: 'Road trip' });
    expect(new URL(sent[0]!.url).pathname).toBe('/api/v1/playlists/3');
    expect(JSON.parse(String(sent[0]!.init.body))).toEqual({ name: 'Road trip' });
    expect(sent[0]!.init.headers).toMatchObject({ 'X-XSRF-TOKEN': 'token' });
  });

  it('gives the full address of a non-JSON endpoint for elements that load it themselves', () => {
    expect(apiUrl(streamTrack, { id: 12 })).toBe('https://music.example/api/v1/tracks/12/stream');
  });
});
