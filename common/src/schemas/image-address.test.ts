import { describe, expect, it } from 'vitest';
import { optionalSiteAddress } from '../appearance-schemas.ts';
import { updateGenreSchema } from '../admin/taxonomy.ts';
import { updateAlbumSchema, updateArtistSchema, updateTrackSchema } from '../backstage/schemas.ts';
import { imageAddressField } from './image-address.ts';

/*
 * Issue 36.1: every image field takes the addresses every upload produces, and the same ones:
 * album, track and artist artwork, genre images and the appearance logos.
 */
const fields = {
  image: (value: string) => imageAddressField.safeParse(value).success,
  album: (value: string) => updateAlbumSchema.safeParse({ image: value }).success,
  track: (value: string) => updateTrackSchema.safeParse({ image: value }).success,
  artist: (value: string) => updateArtistSchema.safeParse({ image: value }).success,
  genre: (value: string) => updateGenreSchema.safeParse({ image: value }).success,
  logo: (value: string) => optionalSiteAddress('logo').safeParse(value).success,
};

describe('image addresses', () => {
  it.each([
    '/storage/public/artwork/0b9f3c1e-5a7d-4c1e-9a3b-2f6d7e8a9b0c.webp',
    '/storage/public/playlists/abc.webp',
    '/storage/public/library-artwork/0123abcd.webp',
    'https://cdn.example.com/cover.jpg',
  ])('accepts %s everywhere', (value) => {
    for (const [name, accepts] of Object.entries(fields)) expect(accepts(value), name).toBe(true);
  });

  it.each([
    'api/v1/file-entries/6',
    '//evil.example/cover.jpg',
    '/\\evil.example/cover.jpg',
    'javascript:alert(1)',
    'ftp://example.com/cover.jpg',
  ])('refuses %s everywhere', (value) => {
    for (const [name, accepts] of Object.entries(fields)) expect(accepts(value), name).toBe(false);
  });
});
