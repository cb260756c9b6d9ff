import { describe, expect, it } from 'vitest';
import { albumLink, formatDuration, genreLink, radioLink, trackEmbedLink } from './links.ts';

describe('web player links', () => {
  it('builds the spec routes with slugs', () => {
    const artist = { id: 3, name: 'Amélie Sørensen', image: null };
    expect(albumLink({ id: 7, name: 'Night Drive', image: null, artists: [artist] })).toBe(
      '/album/7/amélie-sørensen/night-drive',
    );
    expect(trackEmbedLink({ id: 9, name: 'Go!' })).toBe('/track/9/go/embed');
    expect(radioLink('genre', { id: 2, name: 'Lo-fi' })).toBe('/radio/genre/2/lo-fi');
    expect(genreLink({ name: 'hip hop' })).toBe('/channel/genre/hip%20hop');
  });

  it('formats durations', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(187_900)).toBe('3:07');
    expect(formatDuration(3_723_000)).toBe('1:02:03');
  });
});
