import { crc32, deflateSync } from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData) >>> 0);
  return Buffer.concat([length, typeAndData, crc]);
}

/** A real, decodable PNG: `size`×`size` pixels of one colour (8-bit RGB). */
export function solidPng(size = 1, rgb: [number, number, number] = [219, 39, 84]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // bit depth 8, colour type RGB, deflate, no filter, no interlace
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array.from({ length: size }, () => rgb).flat()),
  ]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * An image bomb: a valid PNG header declaring `width`×`height` pixels, followed by only a few
 * bytes of pixel data. Tiny on disk; gigabytes once decoded.
 */
export function pngDeclaring(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(1 + width * 3))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PNG padded to exactly `bytes` bytes with a private ancillary chunk (still a valid PNG). */
export function pngOfSize(bytes: number): Buffer {
  const base = solidPng();
  const overhead = 12; // length, type and CRC of the padding chunk
  const padding = chunk('peNd', Buffer.alloc(bytes - base.length - overhead, 0x61));
  // The padding goes before IEND, which must stay last.
  const iend = base.subarray(base.length - 12);
  return Buffer.concat([base.subarray(0, base.length - 12), padding, iend]);
}

/** A real image in another format, drawn by sharp (the library the server decodes with). */
export async function encodedImage(
  format: 'gif' | 'jpeg' | 'webp' | 'png',
  width: number,
  height = width,
): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  return sharp({ create: { width, height, channels: 3, background: '#db2754' } })
    .toFormat(format)
    .toBuffer();
}

/** Format and size of stored image bytes, as a browser would decode them. */
export async function imageInfo(bytes: Buffer) {
  const { default: sharp } = await import('sharp');
  const { format, width, height, exif } = await sharp(bytes).metadata();
  return { format, width, height, hasExif: exif !== undefined };
}
