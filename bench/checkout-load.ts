// The sales of the checkout benchmark (bench/checkout.ts runs this in a process of its own):
// `concurrency` clients of one signed-in cashier selling for `seconds`. Each sale is 5 distinct
// random variants, 1–3 of each, priced here with the engine as the sell screen prices from its
// catalogue copy, sent to POST /api/orders/create with a fresh uuid, cookies and the XSRF header.
// The first sales warm the server up and are not counted. Prints a LoadResult as JSON.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { priceSale, type SaleItem } from '@tillbook/contract';

export type LoadConfig = {
  address: string;
  registerId: number;
  username: string;
  password: string;
  items: SaleItem[];
  concurrency: number;
  seconds: number;
};
export type LoadResult = { seconds: number; samples: number[]; errors: string[] };

/**
 * A browser-like client (keeps cookies, echoes XSRF-TOKEN in X-XSRF-TOKEN) on node:http with
 * kept-alive connections: as light a client as pgbench is, so the two cores go to the server and
 * the database rather than to the load (fetch costs several times more CPU per request).
 */
class Client {
  private readonly cookies = new Map<string, string>();
  private readonly agent: http.Agent;
  constructor(
    private readonly base: string,
    connections: number,
  ) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  }

  request(method: 'GET' | 'POST', url: string, body?: unknown): Promise<unknown> {
    const xsrf = this.cookies.get('XSRF-TOKEN');
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers: http.OutgoingHttpHeaders = { accept: 'application/json' };
    if (payload !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) });
    if (xsrf) headers['x-xsrf-token'] = decodeURIComponent(xsrf);
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    return new Promise((resolve, reject) => {
      const req = http.request(`${this.base}${url}`, { method, headers, agent: this.agent }, (res) => {
        for (const line of res.headers['set-cookie'] ?? []) {
          const [pair] = line.split(';');
          const at = pair?.indexOf('=') ?? -1;
          if (pair && at > 0) this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
        }
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const status = res.statusCode ?? 0;
          if (status < 200 || status >= 300) return reject(new Error(`${method} ${url} answered ${status}: ${text.slice(0, 300)}`));
          resolve(text ? (JSON.parse(text) as unknown) : null);
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(payload);
    });
  }
}

async function sell(config: LoadConfig): Promise<LoadResult> {
  const client = new Client(config.address, config.concurrency);
  await client.request('GET', '/sanctum/csrf-cookie');
  await client.request('POST', '/api/login', { email: config.username, password: config.password });
  const { items } = config;
  const sale = () => {
    const picked = new Set<number>();
    while (picked.size < 5) picked.add(Math.floor(Math.random() * items.length));
    const lines = [...picked].map((i) => ({ item: items[i]!, quantity: 1 + Math.floor(Math.random() * 3), discount: null }));
    const { cart } = priceSale(lines, null, null);
    return {
      uuid: randomUUID(),
      registerId: config.registerId,
      lines: lines.map((l) => ({ variantId: l.item.variantId, quantity: l.quantity })),
      payments: [{ tender: 'cash', amount: cart.total }],
      total: cart.total,
    };
  };
  for (let i = 0; i < 3 * config.concurrency; i += 1) await client.request('POST', '/api/orders/create', sale());

  const samples: number[] = [];
  const errors: string[] = [];
  const started = performance.now();
  const end = started + config.seconds * 1000;
  await Promise.all(
    Array.from({ length: config.concurrency }, async () => {
      while (performance.now() < end) {
        const at = performance.now();
        try {
          await client.request('POST', '/api/orders/create', sale());
          samples.push(performance.now() - at);
        } catch (error) {
          errors.push(String(error));
        }
      }
    }),
  );
  return { seconds: (performance.now() - started) / 1000, samples, errors };
}

const configFile = process.argv[2];
if (configFile) {
  sell(JSON.parse(fs.readFileSync(configFile, 'utf8')) as LoadConfig)
    .then((result) => process.stdout.write(JSON.stringify(result)))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
