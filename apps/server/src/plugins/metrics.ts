import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errorBody, errorMessages } from '@tillbook/contract';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { z } from 'zod';
import type { DatabaseHandle } from '../db/client.ts';

export type MetricsOptions = {
  /** METRICS_TOKEN: without one, GET /metrics answers 404 and nothing is measured. */
  token?: string;
  databases: Array<{ name: string; handle: DatabaseHandle }>;
};

/** The routes whose answers are sales or refunds: counted, with the answered total, by route + status. */
const SALE_ROUTE = 'POST /api/orders/create';
const REFUND_ROUTE = 'POST /api/orders/:id/refunds';
const SYNC_ROUTE = 'GET /api/products/sync';

const digest = (text: string) => createHash('sha256').update(text).digest();

function bearerMatches(request: FastifyRequest, expected: Buffer): boolean {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer\s+(.+)$/i.exec(header);
  return match !== null && timingSafeEqual(digest(match[1]!.trim()), expected);
}

function answeredTotal(payload: unknown): number | null {
  if (typeof payload !== 'string') return null;
  try {
    const total = (JSON.parse(payload) as { data?: { total?: unknown } }).data?.total;
    return typeof total === 'number' && Number.isFinite(total) ? total : null;
  } catch {
    return null;
  }
}

function buildRegistry(databases: MetricsOptions['databases']) {
  const registry = new Registry();
  // Process CPU, memory, GC, handles and nodejs_eventloop_lag_* (sampled every 10 ms).
  collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status'] as const;
  const metrics = {
    requests: new Counter({ name: 'tillbook_http_requests_total', help: 'HTTP requests answered, by route pattern and status', labelNames, registers: [registry] }),
    duration: new Histogram({
      name: 'tillbook_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by route pattern and status',
      labelNames,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    sales: new Counter({ name: 'tillbook_sales_total', help: 'Sales recorded (201 answers of POST /api/orders/create; a repeated uuid is not counted)', registers: [registry] }),
    salesAmount: new Counter({ name: 'tillbook_sales_amount_minor_total', help: 'Total of the sales recorded, in minor units (cents)', registers: [registry] }),
    refunds: new Counter({ name: 'tillbook_refunds_total', help: 'Refunds recorded (201 answers of POST /api/orders/:id/refunds)', registers: [registry] }),
    refundsAmount: new Counter({ name: 'tillbook_refunds_amount_minor_total', help: 'Total of the refunds recorded, in minor units (cents)', registers: [registry] }),
    syncs: new Counter({ name: 'tillbook_sync_requests_total', help: "Registers' catalogue sync requests (GET /api/products/sync), by status", labelNames: ['status'], registers: [registry] }),
  };
  const pooled = databases.filter((d) => d.handle.poolStats);
  if (pooled.length) {
    const poolGauge = (name: string, help: string, read: (s: NonNullable<ReturnType<NonNullable<DatabaseHandle['poolStats']>>>) => number) =>
      new Gauge({
        name,
        help,
        labelNames: ['pool'],
        registers: [registry],
        collect() {
          for (const { name: pool, handle } of pooled) this.set({ pool }, read(handle.poolStats!()));
        },
      });
    poolGauge('tillbook_db_pool_in_use', 'PostgreSQL connections running a query or transaction', (s) => s.total - s.idle);
    poolGauge('tillbook_db_pool_idle', 'PostgreSQL connections open and idle', (s) => s.idle);
    poolGauge('tillbook_db_pool_waiting', 'Queries waiting for a free connection', (s) => s.waiting);
    poolGauge('tillbook_db_pool_max', 'Most connections the pool opens', (s) => s.max);
  }
  return { registry, metrics };
}

/**
 * GET /metrics in Prometheus' text format, for a scraper holding METRICS_TOKEN (Authorization:
 * Bearer). Two parts: `hooks` measures every answer and is registered before compression (its
 * onSend reads sale and refund answers as JSON text); `routes` adds /metrics after the OpenAPI
 * plugin, so the document lists it.
 */
export function metricsPlugins({ token, databases }: MetricsOptions) {
  const measured = token ? { expected: digest(token), ...buildRegistry(databases) } : null;

  const hooks = fp(
    async (app: FastifyInstance) => {
      if (!measured) return;
      const { metrics } = measured;
      app.addHook('onSend', async (request, reply, payload) => {
        if (reply.statusCode !== 201) return payload;
        const route = `${request.method} ${request.routeOptions.url ?? ''}`;
        if (route !== SALE_ROUTE && route !== REFUND_ROUTE) return payload;
        const total = answeredTotal(payload);
        if (total === null) return payload;
        const [count, amount] = route === SALE_ROUTE ? [metrics.sales, metrics.salesAmount] : [metrics.refunds, metrics.refundsAmount];
        count.inc();
        amount.inc(Math.max(0, total));
        return payload;
      });
      app.addHook('onResponse', async (request, reply) => {
        const route = request.routeOptions.url ?? 'unmatched';
        const labels = { method: request.method, route, status: String(reply.statusCode) };
        metrics.requests.inc(labels);
        metrics.duration.observe(labels, reply.elapsedTime / 1000);
        if (`${request.method} ${route}` === SYNC_ROUTE) metrics.syncs.inc({ status: labels.status });
      });
    },
    { name: 'metrics' },
  );

  const schema = {
    tags: ['health'],
    summary: 'Prometheus metrics (text format) for a scraper holding METRICS_TOKEN; 404 when the server has none',
    security: [{ metricsToken: [] }],
    response: {
      200: { description: 'The metrics in Prometheus text format.', content: { 'text/plain': { schema: z.string() } } },
      401: { description: 'No Authorization: Bearer header with the token.', content: { 'application/json': { schema: errorBody } } },
      404: { description: 'The server has no METRICS_TOKEN: there are no metrics.', content: { 'application/json': { schema: errorBody } } },
    },
  };
  const routes = async (app: FastifyInstance) => {
    app.get('/metrics', { schema }, async (request, reply) => {
      if (!measured) return reply.code(404).send({ message: errorMessages.notFound });
      if (!bearerMatches(request, measured.expected)) {
        return reply.code(401).header('www-authenticate', 'Bearer realm="metrics"').send({ message: errorMessages.unauthenticated });
      }
      return reply.type(measured.registry.contentType).send(await measured.registry.metrics());
    });
  };
  return { hooks, routes };
}
