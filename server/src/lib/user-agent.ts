import type * as UAParserModule from 'ua-parser-js';
import { lazyRequire } from './lazy-require.ts';

/** Loaded on the first play or sessions list, not at start. */
const loadUAParser = lazyRequire<typeof UAParserModule>('ua-parser-js');

/** Browser, OS and device of a User-Agent header. */
export const parseUserAgent = (userAgent: string | null | undefined) =>
  loadUAParser().UAParser(userAgent ?? '');
