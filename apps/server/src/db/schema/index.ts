export * from './login-throttles.ts';
export * from './outlets.ts';
export * from './sessions.ts';
export * from './settings.ts';
export * from './users.ts';
