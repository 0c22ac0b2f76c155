import { z } from 'zod';

/**
 * What the server tells the page at run time (not baked into the build), through
 * /runtime-config.js as `window.__TILLBOOK_CONFIG__`.
 */
export const runtimeConfig = z.object({
  sentryDsn: z.string().nullable(),
  environment: z.string(),
  release: z.string(),
  /** Shown on the login screen (SPEC.md §2: the business logo) and the browser title. */
  businessName: z.string(),
  logoUrl: z.string().nullable(),
});
export type RuntimeConfig = z.infer<typeof runtimeConfig>;
export const runtimeConfigGlobal = '__TILLBOOK_CONFIG__';
