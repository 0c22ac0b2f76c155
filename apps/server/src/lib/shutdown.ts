import type { FastifyInstance } from 'fastify';

export type ShutdownSteps = {
  /** Stops what runs on timers (sealing, points expiry, backups): nothing new starts. */
  stopTimers: Array<() => void>;
  /** Closes the databases, after the last request has been answered. */
  closeDatabases: Array<() => Promise<void>>;
  /** How long requests in flight may still take before their connections are cut. */
  timeoutMs: number;
};

/** How long no request may have arrived before the listener closes (see drainBeforeClose). */
export const QUIET_MS = 250;

/**
 * Lets the server drain before it stops listening. Once app.close() starts, Fastify answers every
 * new request 503 with `Connection: close` (return503OnClosing), on old and new connections alike.
 * This preClose hook keeps the listener open meanwhile, until no request is in flight and none has
 * arrived for QUIET_MS: a client (or balancer) is told to go elsewhere rather than finding its
 * connection reset — closing a listening socket resets the connections still waiting in its
 * backlog, and closing a keep-alive connection resets a request the client is just sending on it.
 * At `deadline` the wait ends and the connections still open are cut.
 */
function drainBeforeClose(app: FastifyInstance, deadline: () => Promise<void>): void {
  let inFlight = 0;
  let lastArrival = 0;
  app.server.on('request', (_request, response) => {
    inFlight += 1;
    lastArrival = performance.now();
    // Fastify and its plugins already listen for 'close' on a response: one more is not a leak.
    response.setMaxListeners(response.getMaxListeners() + 1);
    response.once('close', () => {
      inFlight -= 1;
    });
  });
  app.addHook('preClose', async () => {
    const drained = new Promise<void>((resolve) => {
      const check = setInterval(() => {
        if (inFlight === 0 && performance.now() - lastArrival >= QUIET_MS) {
          clearInterval(check);
          resolve();
        }
      }, 25);
      void deadline().then(() => {
        clearInterval(check);
        resolve();
      });
    });
    await drained;
  });
}

/**
 * A clean stop on SIGTERM (service managers, containers) and SIGINT (Ctrl-C): new requests are
 * answered 503, every request in flight finishes (a sale in progress is stored and answered), the
 * listener closes, then the databases (PGlite writes its files and frees DATA_DIR), and the process
 * exits with 0. Requests still running after `timeoutMs` have their connections cut; a second
 * signal exits at once. Call it before listen().
 */
export function closeOnSignals(app: FastifyInstance, steps: ShutdownSteps): void {
  let stopping = false;
  let cutConnections: () => void = () => undefined;
  const deadlinePassed = new Promise<void>((resolve) => {
    cutConnections = resolve;
  });
  drainBeforeClose(app, () => deadlinePassed);

  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) {
      app.log.warn(`${signal} again: exiting without waiting for requests in flight`);
      process.exit(1);
    }
    stopping = true;
    app.log.info(`${signal}: answering new requests 503; finishing those in flight, then closing the database`);
    for (const stopTimer of steps.stopTimers) stopTimer();
    const cut = setTimeout(() => {
      app.log.warn(`Requests still running after ${steps.timeoutMs / 1000} s: closing their connections`);
      cutConnections();
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
