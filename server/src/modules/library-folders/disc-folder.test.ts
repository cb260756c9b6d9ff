import { describe, expect, it } from 'vitest';
import { discOfFolder } from './files.ts';

describe('the disc a folder names', () => {
  it.each([
    ['Band/Album/CD1/01.flac', { number: 1, title: null }],
    ['Band/Album/cd 2/01.flac', { number: 2, title: null }],
    ['Band/Album/Disc 2/03.mp3', { number: 2, title: null }],
    ['Band/Album/Disk3/03.mp3', { number: 3, title: null }],
    ['Band/Album/Disc 2 - Live/01.flac', { number: 2, title: 'Live' }],
    ['Band/Album/CD2_Bonus Tracks/01.flac', { number: 2, title: 'Bonus Tracks' }],
  ])('%s is on disc %j', (path, disc) => {
    expect(discOfFolder(path)).toEqual(disc);
  });

  it.each([
    'Band/Album/01.flac',
    'loose.mp3',
    'Band/CD Collection/01.mp3',
    'Band/Discography/01.mp3',
    'Band/Album/CD0/01.mp3',
    'CD1', // a file named so, in no folder
  ])('%s names no disc', (path) => {
    expect(discOfFolder(path)).toBeNull();
  });
});
