export * from './types.ts';
export * from './schemas.ts';
