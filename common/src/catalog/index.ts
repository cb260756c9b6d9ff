export * from './types.ts';
export * from './schemas.ts';
export * from './lrc.ts';
export * from './search-text.ts';
export * from './links.ts';
export * from './play-sources.ts';
