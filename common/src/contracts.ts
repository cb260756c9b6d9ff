/** Every endpoint contract of the API, by feature (see contract.ts for the shape). */
export * from './catalog/contract.ts';
export * from './library/contract.ts';
export * from './account-contract.ts';
export * from './notifications/contract.ts';
export * from './workspace-contract.ts';
export * from './user-contract.ts';
export * from './admin/contract.ts';
export * from './uploads/contract.ts';
export * from './backstage/contract.ts';
export * from './insights/contract.ts';
export * from './billing/contract.ts';
export * from './subsonic/contract.ts';
export * from './shares/contract.ts';
export * from './library-folders/contract.ts';
