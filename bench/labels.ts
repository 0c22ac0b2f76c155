// Printing labels: 1,000 labels on A4 3 × 8 sheets as a PDF (issue 15: under 3 s). Runs the same
// document code POST /api/labels/create answers with, on 50 variants of realistic names and codes.
import { defaultLabelFields, labelLayoutOf, makeInStoreEan13 } from '@tillbook/contract';
import { labelsPdf, type PrintedLabel } from '../apps/server/src/modules/labels/label-document.ts';

const LABELS = 1_000;
const BUDGET_MS = 3_000;
const layout = labelLayoutOf('a4-3x8');
if (!layout) throw new Error('no 3 × 8 layout');

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const labels: PrintedLabel[] = Array.from({ length: 50 }, (_, i) => ({
  shopName: 'Café “Zur Mühle”',
  title: `Organic extra virgin olive oil no. ${i + 1} from the hills of Andalusia`,
  variantName: `${250 + i * 10} ml / Cold pressed`,
  price: money.format((1299 + i * 37) / 100),
  sku: `OIL-${String(i + 1).padStart(4, '0')}`,
  // Every third one without a barcode: Code 128 of its SKU.
  code: i % 3 === 2 ? { symbology: 'code128' as const, value: `OIL-${String(i + 1).padStart(4, '0')}` } : { symbology: 'ean13' as const, value: makeInStoreEan13(i + 1) },
  quantity: LABELS / 50,
}));
const fields = { ...defaultLabelFields, shopName: true };

// One warm-up (fonts read, code paths compiled), then the median of five.
await labelsPdf(labels, layout, fields, 1, 'Labels');
const times: number[] = [];
let bytes = 0;
for (let run = 0; run < 5; run += 1) {
  const started = performance.now();
  const pdf = await labelsPdf(labels, layout, fields, 1, 'Labels');
  times.push(performance.now() - started);
  bytes = pdf.length;
}
times.sort((a, b) => a - b);
const median = times[2]!;
console.log(`${LABELS} labels on ${layout.name}: ${Math.ceil(LABELS / 24)} pages, ${(bytes / 1024).toFixed(0)} KiB`);
console.log(`PDF made in ${median.toFixed(0)} ms (median of 5; fastest ${times[0]!.toFixed(0)} ms, slowest ${times[4]!.toFixed(0)} ms); budget ${BUDGET_MS} ms`);
if (median > BUDGET_MS) {
  console.error('Over budget.');
  process.exitCode = 1;
}
