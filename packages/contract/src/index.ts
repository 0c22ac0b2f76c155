export * from './auth.ts';
export * from './errors.ts';
export * from './messages.ts';
export * from './pagination.ts';
export * from './runtime-config.ts';
export * from './session.ts';
export * from './user-types.ts';
export * from './users.ts';
