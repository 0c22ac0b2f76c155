// The sales of the checkout benchmark (bench/checkout.ts runs this in a process of its own):
// `concurrency` clients of one signed-in cashier selling for `seconds`. Each sale is 5 distinct
// random variants, 1–3 of each, priced here with the engine as the sell screen prices from its
// catalogue copy, sent to POST /api/orders/create with a fresh uuid, cookies and the XSRF header.
// The first sales warm the server up and are not counted. Prints a LoadResult as JSON.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { priceSale, type SaleItem } from '@tillbook/contract';
import { HttpClient } from '../apps/server/src/testing/http-client.ts';

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

async function sell(config: LoadConfig): Promise<LoadResult> {
  // Kept-alive connections, one per concurrent sale: the two cores go to the server and the database.
  const client = new HttpClient(config.address, { connections: config.concurrency });
  await client.signIn(config.username, config.password);
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
