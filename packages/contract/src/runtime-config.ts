import { z } from 'zod';

/**
 * What the server tells the page at run time (not baked into the build), through
 * /runtime-config.js as `window.__TILLBOOK_CONFIG__`.
 */
export const runtimeConfig = z.object({
  sentryDsn: z.string().nullable(),
  environment: z.string(),
  release: z.string(),
});
export type RuntimeConfig = z.infer<typeof runtimeConfig>;
export const runtimeConfigGlobal = '__TILLBOOK_CONFIG__';
