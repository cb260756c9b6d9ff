/**
 * Bytes a cache keeps for long, in a buffer of exactly their size. Node hands out small
 * buffers as slices of a shared 8 kB pool, and zlib's one-shot output as a slice of its 16 kB
 * chunk; a kept slice keeps its whole backing store alive. After the bench's load, 638 cached
 * gzip answers of a few kB held 10 MB this way, and their JSON another 7.5 MB (issue 22).
 */
export function keptBytes(bytes: Buffer): Buffer {
  if (bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.length) return bytes;
  const copy = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(copy);
  return copy;
}

/** Text as UTF-8 in a buffer of its own size (see keptBytes). */
export function keptText(text: string): Buffer {
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
  bytes.write(text);
  return bytes;
}
