import { describe, expect, it, vi } from 'vitest';
import { bytesUsed, type OfflineCollection } from './offline-cache.ts';

// The page's bootstrap data (who is signed in) is not needed to count bytes.
vi.mock('../../lib/bootstrap.ts', () => ({ getBootstrap: () => ({ user: null }) }));

const collection = (id: number, files: Record<string, number>): OfflineCollection => ({
  kind: 'album',
  id,
  name: `Album ${id}`,
  link: `/album/${id}`,
  image: null,
  trackIds: [],
  userId: 1,
  files,
  downloadedAt: '2026-11-26T18:00:00.000Z',
});

describe('the space downloads take', () => {
  it('counts a track two downloads share once', () => {
    const album = collection(1, { '/api/v1/albums/1': 2_000, '/api/v1/tracks/1/stream': 5_000 });
    const playlist = collection(2, {
      '/api/v1/playlists/2': 1_000,
      '/api/v1/tracks/1/stream': 5_000,
      '/api/v1/tracks/2/stream': 7_000,
    });
    expect(bytesUsed([album, playlist])).toBe(2_000 + 5_000 + 1_000 + 7_000);
  });

  it('is nothing without downloads', () => {
    expect(bytesUsed([])).toBe(0);
  });
});
