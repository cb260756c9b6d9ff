import { crc32, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createPageGzip, crc32Combine, sharedPiece, type PagePiece } from './page-gzip.ts';

const page = (nonce: string, viewer: string): PagePiece[] => [
  { shared: sharedPiece('<!doctype html><html lang="fr"><head><title>Écoute · Backbeat</title>') },
  { stored: nonce },
  { shared: sharedPiece(`">window.bootstrapData={"menus":${JSON.stringify('♫ '.repeat(2000))}`) },
  { own: viewer },
  { shared: sharedPiece('};</script></head><body><div id="root"></div></body></html>') },
];

describe('the app page joined from gzip pieces', () => {
  it('decodes to the page text, with each request its own nonce and viewer', () => {
    const gzip = createPageGzip();
    for (const [nonce, viewer] of [
      ['abc123', ',"user":{"name":"Zoë"}'],
      ['xyz789', ',"user":null'],
      ['abc123', ',"user":{"name":"Zoë"}'],
    ] as const) {
      const pieces = page(nonce, viewer);
      const body = gzip.gzip(pieces);
      expect(gunzipSync(body).toString()).toBe(gzip.text(pieces));
      expect(gzip.text(pieces)).toContain(nonce);
      // The repeated shared text is compressed, not sent as it is.
      expect(body.length).toBeLessThan(Buffer.byteLength(gzip.text(pieces)) / 4);
    }
  });

  it('keeps working when old pieces are pushed out', () => {
    const gzip = createPageGzip(2);
    for (let i = 0; i < 10; i++) {
      const pieces: PagePiece[] = [
        { shared: sharedPiece(`<p>page ${i}</p>`) },
        { own: `<i>${i}</i>` },
        { own: '' },
        { stored: 'n' },
      ];
      expect(gunzipSync(gzip.gzip(pieces)).toString()).toBe(`<p>page ${i}</p><i>${i}</i>n`);
    }
  });
});

describe('the CRC of joined texts', () => {
  it('is the CRC of the whole, from the CRC and length of each part', () => {
    const parts = ['', 'a', 'Écoute ♫', 'x'.repeat(70_000), '<p>\u2028</p>'].map((text) =>
      Buffer.from(text),
    );
    for (const first of parts) {
      for (const second of parts) {
        expect(crc32Combine(crc32(first), crc32(second), second.length)).toBe(
          crc32(Buffer.concat([first, second])),
        );
      }
    }
  });
});
