export * from './constants.ts';
export * from './part-size.ts';
export * from './schemas.ts';
export * from './method-choice.ts';
export * from './media.ts';
export * from './client-checks.ts';
