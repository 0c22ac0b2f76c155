import type * as SentryReact from '@sentry/react';
import type { BrowserOptions } from '@sentry/react';
import type { RuntimeConfig } from '@tillbook/contract';
import { getRuntimeConfig } from './runtime-config.ts';

type SentryModule = typeof SentryReact;

/** SPEC.md §1, §9: every trace is sampled. */
export const tracesSampleRate = 1;
/** SPEC.md §9: at most 30 events wait in the transport buffer. */
export const transportBufferSize = 30;
/**
 * SPEC.md §9: a transaction lasts at most 600 s. Sentry 11 has no `maxTransactionDuration`;
 * the browser-tracing `finalTimeout` is the same limit for page-load and navigation spans.
 * (The 60 s rate-limit back-off of SPEC §9 is the SDK's own default and needs no setting.)
 */
export const maxTransactionDurationMs = 600_000;

/** The options given to Sentry.init; a pure function so the figures can be tested. */
export function buildSentryOptions(
  config: RuntimeConfig & { sentryDsn: string },
  sentry: Pick<SentryModule, 'browserTracingIntegration'>,
): BrowserOptions {
  return {
    dsn: config.sentryDsn,
    environment: config.environment,
    release: config.release,
    tracesSampleRate,
    integrations: [sentry.browserTracingIntegration({ finalTimeout: maxTransactionDurationMs })],
    transportOptions: { bufferSize: transportBufferSize },
  };
}

let sentryModule: SentryModule | null = null;

/**
 * Starts error reporting when the server configured a DSN. Without one, the SDK is not even
 * downloaded and nothing phones home (DESIGN.md §5). Loaded lazily to keep /login small.
 */
export async function initSentry(config: RuntimeConfig = getRuntimeConfig()): Promise<boolean> {
  const { sentryDsn } = config;
  if (!sentryDsn) return false;
  try {
    const sentry = await import('@sentry/react');
    sentry.init(buildSentryOptions({ ...config, sentryDsn }, sentry));
    sentryModule = sentry;
    return true;
  } catch (error) {
    // Error reporting must never stop the app from working.
    console.error('Error reporting could not start.', error);
    return false;
  }
}

/** Reports an error the UI caught (route error screens); a no-op when Sentry is off. */
export function reportError(error: unknown): void {
  sentryModule?.captureException(error);
}
