import type { FastifyInstance } from 'fastify';

export type ShutdownSteps = {
  /** Stops what runs on timers (sealing, points expiry, backups): nothing new starts. */
  stopTimers: Array<() => void>;
  /** Closes the databases, after the last request has been answered. */
  closeDatabases: Array<() => Promise<void>>;
  /** How long requests in flight may still take before their connections are cut. */
  timeoutMs: number;
};

/**
 * A clean stop on SIGTERM (service managers, containers) and SIGINT (Ctrl-C): the server stops
 * accepting connections, closes idle keep-alive ones and answers 503 to requests arriving on busy
 * ones, lets every request in flight finish (a sale in progress is stored and answered), then
 * closes the databases (PGlite writes its files and frees DATA_DIR) and exits with 0.
 * Requests still running after `timeoutMs` have their connections cut; a second signal exits at once.
 */
export function closeOnSignals(app: FastifyInstance, steps: ShutdownSteps): void {
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) {
      app.log.warn(`${signal} again: exiting without waiting for requests in flight`);
      process.exit(1);
    }
    stopping = true;
    app.log.info(`${signal}: no new requests; finishing those in flight, then closing the database`);
    for (const stopTimer of steps.stopTimers) stopTimer();
    const cut = setTimeout(() => {
      app.log.warn(`Requests still running after ${steps.timeoutMs / 1000} s: closing their connections`);
      app.server.closeAllConnections();
    }, steps.timeoutMs);
    cut.unref();
    let code = 0;
    try {
      await app.close();
      clearTimeout(cut);
      for (const close of steps.closeDatabases) await close();
      app.log.info('Stopped cleanly');
    } catch (err) {
      code = 1;
      app.log.error({ err }, 'Shutdown failed');
    }
    process.exit(code);
  };
  process.on('SIGINT', (signal) => void stop(signal));
  process.on('SIGTERM', (signal) => void stop(signal));
}
