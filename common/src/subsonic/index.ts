export * from './constants.ts';
export * from './users.ts';
