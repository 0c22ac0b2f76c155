export * from './auth.ts';
export * from './errors.ts';
export * from './pagination.ts';
export * from './runtime-config.ts';
export * from './users.ts';
