import type Sharp from 'sharp';
import { detectImageType } from './image-type.ts';
import { invalidInput } from './invalid-input.ts';
import { lazyRequire } from './lazy-require.ts';

/** Uploaded images (avatars, profile headers, playlist covers): checked by decoding them. */
export const NOT_AN_IMAGE = 'Please select an image.';
export const IMAGE_UNREADABLE = 'This image could not be read. Please choose another file.';

/**
 * The most pixels an uploaded image may declare (a 24-megapixel camera photo fits). A small
 * file can declare 40000×40000 pixels and would take gigabytes to decode; sharp refuses to
 * decode beyond this, whatever the file size.
 */
export const MAX_INPUT_PIXELS = 25_000_000;
export const IMAGE_TOO_MANY_PIXELS = `The image may not have more than ${MAX_INPUT_PIXELS / 1_000_000} megapixels.`;

const megabytes = (bytes: number) => Math.round((bytes / (1024 * 1024)) * 10) / 10;
export const imageTooLarge = (maxBytes: number) =>
  `The image may not be larger than ${megabytes(maxBytes)} MB.`;

/** How each kind of image is stored: never larger than its box, aspect ratio kept. */
export const IMAGE_BOXES = {
  avatar: { width: 512, height: 512 },
  profileHeader: { width: 1920, height: 1080 },
  playlist: { width: 1000, height: 1000 },
  /** Cover art: embedded in an uploaded audio file, or uploaded in backstage. */
  artwork: { width: 1000, height: 1000 },
} as const;
export type ImageKind = keyof typeof IMAGE_BOXES;

export interface StoredImage {
  bytes: Buffer;
  extension: 'webp';
  mime: 'image/webp';
}

// Loaded on the first upload: libvips is native and most processes never need it.
const loadSharp = lazyRequire<typeof Sharp>('sharp');
let sharpReady: typeof Sharp | null = null;
function sharp(): typeof Sharp {
  if (sharpReady) return sharpReady;
  const loaded = loadSharp();
  // Uploads are one-off: an operation cache would only hold memory.
  loaded.cache(false);
  return (sharpReady = loaded);
}

/**
 * A PNG, JPEG, GIF or WebP of at most `maxBytes` and `MAX_INPUT_PIXELS`, decoded and
 * re-encoded as WebP to fit the box of its kind, turned upright, metadata (EXIF, GPS, ICC
 * comments) dropped. Anything else answers 422 on the `file` field, or on `field` when given
 * (`url` for an avatar by address).
 */
export async function processedImage(
  bytes: Buffer,
  maxBytes: number,
  kind: ImageKind,
  field = 'file',
): Promise<StoredImage> {
  if (bytes.length > maxBytes) throw invalidInput({ [field]: [imageTooLarge(maxBytes)] });
  // By content, never by name or declared type; SVG is not an option (scripts).
  if (!detectImageType(bytes)) throw invalidInput({ [field]: [NOT_AN_IMAGE] });
  const box = IMAGE_BOXES[kind];
  try {
    const output = await sharp()(bytes, {
      limitInputPixels: MAX_INPUT_PIXELS,
      // Truncated or corrupt pixel data is refused rather than stored half grey.
      failOn: 'truncated',
      autoOrient: true,
    })
      .resize({ ...box, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
    return { bytes: output, extension: 'webp', mime: 'image/webp' };
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    throw invalidInput({
      [field]: [/pixel limit/i.test(message) ? IMAGE_TOO_MANY_PIXELS : IMAGE_UNREADABLE],
    });
  }
}
