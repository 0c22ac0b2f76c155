import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('configuration', () => {
  it('defaults to port 3000 and PGlite under ./data', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATA_DIR).toBe(path.resolve('./data'));
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.ADMIN_USERNAME).toBe('admin');
    expect(config.COOKIE_SECURE).toBe(false);
  });

  it('reads PORT, HOST, DATA_DIR, DATABASE_URL, COOKIE_SECURE and SMTP_URL', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: '/var/lib/tillbook',
      DATABASE_URL: 'postgres://u@db/shop',
      COOKIE_SECURE: 'true',
      SMTP_URL: 'smtp://mail:25',
      SENTRY_DSN: '',
    });
    expect(config).toMatchObject({
      PORT: 8080,
      HOST: '127.0.0.1',
      DATA_DIR: '/var/lib/tillbook',
      DATABASE_URL: 'postgres://u@db/shop',
      COOKIE_SECURE: true,
      SMTP_URL: 'smtp://mail:25',
    });
    expect(config.SENTRY_DSN).toBeUndefined();
  });

  it('reads the operations settings: replica, metrics token, log format, shutdown timeout', () => {
    expect(loadConfig({})).toMatchObject({ LOG_FORMAT: 'auto', SHUTDOWN_TIMEOUT_SECONDS: 30 });
    expect(loadConfig({}).METRICS_TOKEN).toBeUndefined();
    expect(loadConfig({}).REPORTS_DATABASE_URL).toBeUndefined();
    const config = loadConfig({
      REPORTS_DATABASE_URL: 'postgres://reader@replica/shop',
      METRICS_TOKEN: ' a-long-enough-scrape-token ',
      LOG_FORMAT: 'json',
      SHUTDOWN_TIMEOUT_SECONDS: '10',
    });
    expect(config).toMatchObject({ REPORTS_DATABASE_URL: 'postgres://reader@replica/shop', METRICS_TOKEN: 'a-long-enough-scrape-token', LOG_FORMAT: 'json', SHUTDOWN_TIMEOUT_SECONDS: 10 });
    expect(() => loadConfig({ REPORTS_DATABASE_URL: 'mysql://x', METRICS_TOKEN: 'short', LOG_FORMAT: 'xml', SHUTDOWN_TIMEOUT_SECONDS: '0' })).toThrow(
      /REPORTS_DATABASE_URL must start with postgres:\/\/[\s\S]*METRICS_TOKEN must be at least 16 characters[\s\S]*LOG_FORMAT[\s\S]*SHUTDOWN_TIMEOUT_SECONDS/,
    );
  });

  it('names every wrong variable in one message', () => {
    expect(() => loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', SESSION_SECRET: 'short' })).toThrow(
      /PORT[\s\S]*DATABASE_URL must start with postgres:\/\/[\s\S]*SESSION_SECRET must be at least 32 characters/,
    );
  });
});
