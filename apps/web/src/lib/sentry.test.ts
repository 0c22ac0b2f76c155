import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getRuntimeConfig } from './runtime-config.ts';
import { buildSentryOptions, initSentry } from './sentry.ts';

const sentry = vi.hoisted(() => ({
  init: vi.fn(),
  captureException: vi.fn(),
  browserTracingIntegration: vi.fn((options: unknown) => ({
    name: 'BrowserTracing',
    options,
    setup: () => {},
    afterAllSetup: () => {},
  })),
}));
vi.mock('@sentry/react', () => sentry);

beforeEach(() => {
  sentry.init.mockClear();
  sentry.browserTracingIntegration.mockClear();
});

afterEach(() => {
  delete window.__TILLBOOK_CONFIG__;
});

const config = {
  sentryDsn: 'https://key@sentry.example/1',
  environment: 'staging',
  release: '1.2.3',
  businessName: 'Shop',
  logoUrl: null,
};

describe('buildSentryOptions', () => {
  it('samples every trace and buffers 30 events (SPEC §1, §9)', () => {
    const options = buildSentryOptions(config, sentry);
    expect(options.tracesSampleRate).toBe(1);
    expect(options.transportOptions?.bufferSize).toBe(30);
    expect(options.dsn).toBe(config.sentryDsn);
    expect(options.environment).toBe('staging');
    expect(options.release).toBe('1.2.3');
  });

  it('traces page loads and navigations for at most 600 s (SPEC §9)', () => {
    buildSentryOptions(config, sentry);
    expect(sentry.browserTracingIntegration).toHaveBeenCalledWith({ finalTimeout: 600_000 });
  });
});

describe('initSentry', () => {
  it('starts nothing without a DSN', async () => {
    await expect(initSentry({ ...config, sentryDsn: null })).resolves.toBe(false);
    expect(sentry.init).not.toHaveBeenCalled();
  });

  it('starts Sentry with the configured DSN', async () => {
    await expect(initSentry(config)).resolves.toBe(true);
    expect(sentry.init).toHaveBeenCalledWith(expect.objectContaining({ dsn: config.sentryDsn, tracesSampleRate: 1 }));
  });
});

describe('getRuntimeConfig', () => {
  it('tolerates a missing /runtime-config.js', () => {
    expect(getRuntimeConfig()).toEqual({
      sentryDsn: null,
      environment: 'production',
      release: 'unknown',
      businessName: 'Tillbook',
      logoUrl: null,
    });
  });

  it('reads what the server set', () => {
    window.__TILLBOOK_CONFIG__ = config;
    expect(getRuntimeConfig()).toEqual(config);
  });
});
