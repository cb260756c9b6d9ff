import { constants, crc32, deflateRawSync } from 'node:zlib';

/*
 * Gzip for the app page without compressing it whole on every request (issue 22). The page is
 * mostly what every visitor gets (the HTML template, the head of `/`, the settings, themes and
 * menus of the bootstrap data); only the CSP nonce and the viewer's own part differ. A gzip
 * body is one deflate stream, and a deflate stream may be cut into pieces that each end on a
 * byte boundary (a sync flush) and do not refer back before their own start: so each shared
 * piece is compressed once and kept, so is the viewer's own piece (a few hundred bytes, the
 * same on their next visit), the nonce goes in as a stored block, and the pieces are joined under one
 * gzip header and one CRC.
 */

/** A piece of the page: shared text (compressed once, kept), or this request's own. */
export type PagePiece = { shared: string } | { own: string } | { stored: string };

const HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0x03]);
/** An empty final stored block: ends the deflate stream. */
const LAST_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);
/** Kept pieces: the page's shared text comes in few versions (per language, per address). */
const KEPT_PIECES = 200;
/** Viewers' own pieces kept (under 1 kB each compressed). */
const VIEWER_PIECES = 500;

const compressPiece = (text: string) =>
  deflateRawSync(text, { level: 6, finishFlush: constants.Z_SYNC_FLUSH });

/** Up to 65,535 bytes as they are (a stored block), for text too short to compress. */
function storedBlock(text: string): Buffer {
  const bytes = Buffer.from(text);
  if (bytes.length > 0xffff) return compressPiece(text);
  const head = Buffer.from([0x00, 0, 0, 0, 0]);
  head.writeUInt16LE(bytes.length, 1);
  head.writeUInt16LE(~bytes.length & 0xffff, 3);
  return Buffer.concat([head, bytes]);
}

/** A least-recently-used map of text to its compressed piece. */
function keptPieces(capacity: number) {
  const kept = new Map<string, Buffer>();
  return {
    piece(text: string): Buffer {
      const hit = kept.get(text);
      if (hit) {
        // A hit moves to the end; the oldest goes first.
        kept.delete(text);
        kept.set(text, hit);
        return hit;
      }
      const compressed = compressPiece(text);
      kept.set(text, compressed);
      if (kept.size > capacity) kept.delete(kept.keys().next().value!);
      return compressed;
    },
    clear: () => kept.clear(),
  };
}

export function createPageGzip(capacity = KEPT_PIECES) {
  // The shared pieces apart from the viewers' own, so that many viewers never push them out.
  const sharedPieces = keptPieces(capacity);
  // A viewer's own piece (a few hundred bytes) is the same on their next page load.
  const ownPieces = keptPieces(VIEWER_PIECES);
  return {
    /** The pieces in order, joined into one gzip body. */
    gzip(pieces: PagePiece[]): Buffer {
      const parts: Buffer[] = [HEADER];
      let crc = 0;
      let size = 0;
      for (const piece of pieces) {
        const text = 'shared' in piece ? piece.shared : 'own' in piece ? piece.own : piece.stored;
        if (!text) continue;
        crc = crc32(text, crc);
        size += Buffer.byteLength(text);
        if ('shared' in piece) parts.push(sharedPieces.piece(text));
        else if ('own' in piece) parts.push(ownPieces.piece(text));
        else parts.push(storedBlock(text));
      }
      const trailer = Buffer.alloc(8);
      trailer.writeUInt32LE(crc >>> 0, 0);
      trailer.writeUInt32LE(size >>> 0, 4);
      parts.push(LAST_BLOCK, trailer);
      return Buffer.concat(parts);
    },
    /** The text of the pieces, for a client that takes no gzip. */
    text(pieces: PagePiece[]): string {
      return pieces
        .map((piece) =>
          'shared' in piece ? piece.shared : 'own' in piece ? piece.own : piece.stored,
        )
        .join('');
    },
    clear() {
      sharedPieces.clear();
      ownPieces.clear();
    },
  };
}
