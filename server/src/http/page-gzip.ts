import { constants, crc32, deflateRawSync } from 'node:zlib';
import { keptBytes } from '../lib/kept-bytes.ts';

/*
 * Gzip for the app page without compressing it whole on every request (issue 22). The page is
 * mostly what every visitor gets (the HTML template, the head of `/`, the settings, themes and
 * menus of the bootstrap data); only the CSP nonce and the viewer's own part differ. A gzip
 * body is one deflate stream, and a deflate stream may be cut into pieces that each end on a
 * byte boundary (a sync flush) and do not refer back before their own start: so each shared
 * piece is compressed once and kept by the caller (with its CRC and length), so is the
 * viewer's own piece (a few hundred bytes, the same on their next visit), the nonce goes in as
 * a stored block, and the pieces are joined under one gzip header and one CRC, combined from
 * the pieces' own CRCs (the page's text is never encoded or read whole per request).
 */

/** Text compressed once (a sync-flushed deflate piece), with its CRC-32 and byte length. */
export interface SharedPiece {
  readonly text: string;
  readonly deflated: Buffer;
  readonly crc: number;
  readonly length: number;
  /** x^(8·length) modulo the CRC polynomial: what joining this piece multiplies a CRC by. */
  readonly shift: number;
}

/** A piece of the page: shared text (compressed once, kept), or this request's own. */
export type PagePiece = { shared: SharedPiece } | { own: string } | { stored: string };

const HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0x03]);
/** An empty final stored block: ends the deflate stream. */
const LAST_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);
/** Viewers' own pieces kept (under 1 kB each compressed). */
const VIEWER_PIECES = 500;

// Kept pieces hold exactly their bytes, not the 16 kB zlib chunk they come in (lib/kept-bytes.ts).
const compressPiece = (bytes: Buffer) =>
  keptBytes(deflateRawSync(bytes, { level: 6, finishFlush: constants.Z_SYNC_FLUSH }));

/** Up to 65,535 bytes as they are (a stored block), for text too short to compress. */
function storedBlock(bytes: Buffer): Buffer {
  if (bytes.length > 0xffff) return compressPiece(bytes);
  const head = Buffer.from([0x00, 0, 0, 0, 0]);
  head.writeUInt16LE(bytes.length, 1);
  head.writeUInt16LE(~bytes.length & 0xffff, 3);
  return Buffer.concat([head, bytes]);
}

/*
 * CRC-32 of two texts joined, from the CRC of each and the second's length (zlib's
 * crc32_combine, which Node does not expose): the first CRC is multiplied by x^(8·length)
 * modulo the CRC polynomial, in its bit-reflected form.
 */
const POLY = 0xedb88320;
function multiplyModP(a: number, b: number): number {
  let m = 0x80000000;
  let product = 0;
  for (;;) {
    if (a & m) {
      product ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return product >>> 0;
}
/** x^(2^k) modulo P, k = 0..31. */
const X2N: number[] = [0x40000000];
for (let k = 1; k < 32; k++) X2N.push(multiplyModP(X2N[k - 1]!, X2N[k - 1]!));
/** x^(n·2^k) modulo P. */
function x2nModP(n: number, k: number): number {
  let p = 0x80000000;
  while (n) {
    if (n & 1) p = multiplyModP(X2N[k & 31]!, p);
    n = Math.floor(n / 2);
    k++;
  }
  return p;
}
export function crc32Combine(crc1: number, crc2: number, length2: number): number {
  return (multiplyModP(x2nModP(length2, 3), crc1) ^ crc2) >>> 0;
}

export function sharedPiece(text: string): SharedPiece {
  const bytes = Buffer.from(text);
  return {
    text,
    deflated: compressPiece(bytes),
    crc: crc32(bytes),
    length: bytes.length,
    shift: x2nModP(bytes.length, 3),
  };
}

/** A least-recently-used map of a viewer's text to its compressed piece. */
function keptPieces(capacity: number) {
  const kept = new Map<string, SharedPiece>();
  return {
    piece(text: string): SharedPiece {
      const hit = kept.get(text);
      if (hit) {
        // A hit moves to the end; the oldest goes first.
        kept.delete(text);
        kept.set(text, hit);
        return hit;
      }
      const piece = sharedPiece(text);
      kept.set(text, piece);
      if (kept.size > capacity) kept.delete(kept.keys().next().value!);
      return piece;
    },
    clear: () => kept.clear(),
  };
}

export function createPageGzip(capacity = VIEWER_PIECES) {
  // A viewer's own piece (a few hundred bytes) is the same on their next page load.
  const ownPieces = keptPieces(capacity);
  return {
    /** The pieces in order, joined into one gzip body. */
    gzip(pieces: PagePiece[]): Buffer {
      const parts: Buffer[] = [HEADER];
      let crc = 0;
      let size = 0;
      for (const piece of pieces) {
        let done: SharedPiece;
        if ('stored' in piece) {
          if (!piece.stored) continue;
          const bytes = Buffer.from(piece.stored);
          crc = crc32(bytes, crc);
          size += bytes.length;
          parts.push(storedBlock(bytes));
          continue;
        }
        if ('shared' in piece) done = piece.shared;
        else if (piece.own) done = ownPieces.piece(piece.own);
        else continue;
        if (!done.length) continue;
        crc = (multiplyModP(done.shift, crc) ^ done.crc) >>> 0;
        size += done.length;
        parts.push(done.deflated);
      }
      const trailer = Buffer.alloc(8);
      trailer.writeUInt32LE(crc >>> 0, 0);
      trailer.writeUInt32LE(size >>> 0, 4);
      parts.push(LAST_BLOCK, trailer);
      return Buffer.concat(parts);
    },
    /** A viewer's own text as a piece, kept among the last viewers'. */
    own: (text: string): SharedPiece => ownPieces.piece(text),
    /** The text of the pieces, for a client that takes no gzip. */
    text(pieces: PagePiece[]): string {
      return pieces
        .map((piece) =>
          'shared' in piece ? piece.shared.text : 'own' in piece ? piece.own : piece.stored,
        )
        .join('');
    },
    clear() {
      ownPieces.clear();
    },
  };
}
