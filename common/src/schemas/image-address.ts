import { z } from 'zod';

/**
 * An image address, the one form every image field takes (artwork of albums and tracks, artist
 * and genre images, appearance logos): a path on this site (`/storage/public/artwork/…`, what
 * every upload answers) or a web address. Never a path without its leading slash, which a
 * browser resolves against the page it is on, nor `//host` (or `/\\host`, which browsers read
 * the same way) or `javascript:`.
 */
export const IMAGE_ADDRESS_PATTERN = /^(\/(?![/\\])\S*|https?:\/\/\S+)$/;
export const IMAGE_ADDRESS_MESSAGE = 'The image must be a web address or a path on this site.';

/** An optional image: empty or null for none. */
export const imageAddressField = z
  .string()
  .trim()
  .max(2000, 'The image address is too long.')
  .refine((value) => value === '' || IMAGE_ADDRESS_PATTERN.test(value), {
    error: IMAGE_ADDRESS_MESSAGE,
  })
  .nullable();
