import type { RuntimeConfig } from '@tillbook/contract';

declare global {
  interface Window {
    /** Set by /runtime-config.js (see index.html); absent when that script did not load. */
    __TILLBOOK_CONFIG__?: Partial<RuntimeConfig>;
  }
}

/** The server's run-time configuration, tolerating a missing or partial script. */
export function getRuntimeConfig(): RuntimeConfig {
  const config = typeof window === 'undefined' ? undefined : window.__TILLBOOK_CONFIG__;
  return {
    sentryDsn: typeof config?.sentryDsn === 'string' && config.sentryDsn !== '' ? config.sentryDsn : null,
    environment: typeof config?.environment === 'string' ? config.environment : 'production',
    release: typeof config?.release === 'string' ? config.release : 'unknown',
    businessName: typeof config?.businessName === 'string' && config.businessName !== '' ? config.businessName : 'Tillbook',
    logoUrl: typeof config?.logoUrl === 'string' && config.logoUrl !== '' ? config.logoUrl : null,
  };
}
