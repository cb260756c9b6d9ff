/** Every endpoint contract of the API, by feature (see contract.ts for the shape). */
export * from './catalog/contract.ts';
export * from './uploads/contract.ts';
