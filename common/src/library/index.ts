export * from './schemas.ts';
export * from './types.ts';
export * from './playlist-schemas.ts';
