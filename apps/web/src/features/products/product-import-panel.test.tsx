import type { UploadResult } from '@tillbook/contract';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosProgressEvent, AxiosRequestConfig } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import { http } from '../../lib/http.ts';
import { deferred } from '../../testing/fixtures.ts';
import { renderScreen } from '../../testing/render.tsx';
import { HttpResponse, invalid, rest, server } from '../../testing/server.ts';
import { ProductImportPanel } from './product-import-panel.tsx';

const outlets = [
  { id: 3, name: 'Harbour store' },
  { id: 1, name: 'Main store' },
];

const csv = [
  'title,sku,barcode,price,stock,colour',
  'Green tea,TEA-1,,2.50,10,green',
  'Black tea,TEA-2,4006381333932,2.40,5,black',
  'Oolong,TEA-3,,3.10,,',
  'Mint,TEA-4,,1.90,8,',
  'Rooibos,TEA-5,,2.20,4,',
  'Chai,TEA-6,,2.80,6,',
].join('\n');

function csvFile(text = csv, name = 'teas.csv') {
  return new File([text], name, { type: 'text/csv' });
}

const check: UploadResult = {
  created: 5,
  updated: 0,
  failed: [{ row: 3, field: 'barcode', message: "The barcode's check digit is wrong: expected 1." }],
};

/** An upload as it reached the server: the address's query and whether it held a file part. */
type Upload = { params: Record<string, string>; hasFile: boolean };

/** Answers the outlets picker; the uploads answer with what `answer` says. Gives the uploads received. */
function mockServer(answer: (upload: Upload) => Response | Promise<Response>) {
  const uploads: Upload[] = [];
  server.use(
    rest.get('/api/outlets/list', () => HttpResponse.json({ data: outlets })),
    rest.post('/api/products/upload', async ({ request }) => {
      const file = (await request.formData()).get('file');
      const upload = { params: Object.fromEntries(new URL(request.url).searchParams), hasFile: file !== null };
      uploads.push(upload);
      return answer(upload);
    }),
  );
  return uploads;
}

/**
 * What the panel hands the HTTP client for each upload (the requests still go on to `server`):
 * jsdom's XHR neither reports upload progress nor carries a file's name.
 */
function watchUploads() {
  const send = http.post.bind(http);
  const handedOver: Array<{ body: unknown; config: AxiosRequestConfig | undefined }> = [];
  vi.spyOn(http, 'post').mockImplementation((url: string, body?: unknown, config?: AxiosRequestConfig) => {
    handedOver.push({ body, config });
    return send(url, body, config);
  });
  return handedOver;
}

function progress(config: AxiosRequestConfig | undefined, loaded: number, total: number) {
  act(() => config?.onUploadProgress?.({ loaded, total } as AxiosProgressEvent));
}

const answers = (result: UploadResult) => () => HttpResponse.json({ data: result });
const noUpload = () => HttpResponse.json({ message: 'no upload expected' }, { status: 500 });

function renderPanel(onDone = vi.fn()) {
  const { client } = renderScreen(<ProductImportPanel onDone={onDone} />);
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  return { onDone, invalidate };
}

async function choose(file = csvFile()) {
  await userEvent.upload(screen.getByLabelText('CSV file'), file);
}

describe('ProductImportPanel', () => {
  it('explains the columns and offers a CSV file picker and the outlet for stock', async () => {
    mockServer(noUpload);
    renderPanel();
    expect(screen.getByRole('heading', { name: 'Import products from CSV' })).toBeTruthy();
    expect(screen.getByText(/title, sku, barcode, price, cost, categories, taxes/)).toBeTruthy();
    expect((screen.getByLabelText('CSV file') as HTMLInputElement).accept).toBe('.csv,text/csv');
    const outlet = (await screen.findByLabelText('Stock at')) as HTMLSelectElement;
    expect([...outlet.options].map((o) => o.text)).toEqual(['Harbour store', 'Main store']);
    // The shop's first outlet, as the server would choose.
    expect(outlet.value).toBe('1');
  });

  it('shows the first rows and the row count, and the dry run’s problems by row and column before importing', async () => {
    const uploads = mockServer(answers(check));
    const handedOver = watchUploads();
    renderPanel();
    await screen.findByLabelText('Stock at');
    await choose();

    expect(await screen.findByText('The file is checked. Nothing has been imported yet.')).toBeTruthy();
    expect(screen.getByText('Importing it will create 5 products and update 0.')).toBeTruthy();
    expect(uploads).toEqual([{ params: { dryRun: '1', outletId: '1' }, hasFile: true }]);
    // jsdom's XHR does not carry a file's name or content to the server: the chosen file is read where it is handed over.
    expect((handedOver[0]?.body as FormData).get('file')).toMatchObject({ name: 'teas.csv' });

    const problems = screen.getByRole('table', { name: 'Rows with problems' });
    expect(within(problems).getAllByRole('row').map((r) => r.textContent)).toEqual(['RowColumnProblem', "3barcodeThe barcode's check digit is wrong: expected 1."]);
    expect(screen.getByText('1 row has problems and will not be imported')).toBeTruthy();

    expect(screen.getByText('teas.csv').parentElement?.textContent).toMatch(/^teas\.csv · 6 rows · 1 KB$/);
    const preview = screen.getByRole('table', { name: 'The first rows of teas.csv' });
    expect(within(preview).getAllByRole('row')).toHaveLength(6);
    expect(within(preview).getByText('Green tea')).toBeTruthy();
    expect(screen.getByText('The first 5 of 6 rows.')).toBeTruthy();
    expect(screen.getByText('Not imported (unknown columns): colour.')).toBeTruthy();
    expect(screen.getByText('The stock column sets the count at Main store.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Import 5 rows' })).toBeTruthy();
  });

  it('imports with a progress bar, then sums up and refreshes the product list', async () => {
    const importing = deferred<void>();
    const result: UploadResult = { created: 4, updated: 1, failed: check.failed };
    const uploads = mockServer(async (upload) => {
      if (upload.params.dryRun) return HttpResponse.json({ data: check });
      await importing.promise;
      return HttpResponse.json({ data: result });
    });
    // jsdom reports no upload progress: the test plays the browser's part on the import's request.
    const handedOver = watchUploads();
    const { onDone, invalidate } = renderPanel();
    await choose();
    await userEvent.click(await screen.findByRole('button', { name: 'Import 5 rows' }));
    const importConfig = handedOver[1]?.config;

    progress(importConfig, 40, 100);
    const bar = await screen.findByRole('progressbar', { name: 'Sending teas.csv' });
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    progress(importConfig, 100, 100);
    const working = await screen.findByRole('progressbar', { name: 'Importing 6 rows' });
    expect(working.hasAttribute('aria-valuenow')).toBe(false);
    expect(uploads.map((u) => u.params)).toEqual([{ dryRun: '1', outletId: '1' }, { outletId: '1' }]);

    importing.resolve();
    expect(await screen.findByText('Import finished')).toBeTruthy();
    const summary = screen.getByText('Import finished').parentElement as HTMLElement;
    expect(within(summary).getAllByRole('term').map((t) => `${t.textContent} ${t.nextSibling?.textContent}`)).toEqual(['Created 4', 'Updated 1', 'Failed 1']);
    expect(screen.getByRole('table', { name: 'Rows with problems' })).toBeTruthy();
    expect(await screen.findByText('Import finished: 4 products created, 1 updated.')).toBeTruthy();
    expect(onDone).toHaveBeenCalledWith(result);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['products'] });

    await userEvent.click(screen.getByRole('button', { name: 'Import another file' }));
    expect(screen.getByLabelText('CSV file')).toBeTruthy();
  });

  it('sends the chosen outlet for the stock column', async () => {
    const uploads = mockServer(answers(check));
    renderPanel();
    await userEvent.selectOptions(await screen.findByLabelText('Stock at'), 'Harbour store');
    await choose();
    await screen.findByText('The file is checked. Nothing has been imported yet.');
    expect(uploads[0]?.params).toEqual({ dryRun: '1', outletId: '3' });
    expect(screen.getByText('The stock column sets the count at Harbour store.')).toBeTruthy();
  });

  it('offers no import when no row can be imported', async () => {
    mockServer(answers({ created: 0, updated: 0, failed: [{ row: 2, field: 'price', message: 'The price field is required.' }] }));
    renderPanel();
    await choose(csvFile('title,price\nNo price,\n'));
    expect(await screen.findByText('No row of this file can be imported.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Import 0 rows' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Choose another file' }));
    expect(screen.getByLabelText('CSV file')).toBeTruthy();
  });

  it('refuses a file without a usable header in the browser, sending nothing', async () => {
    const uploads = mockServer(noUpload);
    renderPanel();
    await choose(csvFile('colour,size\nred,M\n', 'sizes.csv'));
    expect((await screen.findByRole('alert')).textContent).toMatch(/It needs a title column \(or a sku column to update products\)\./);
    expect(uploads).toEqual([]);
  });

  it("shows the server's message when the file is refused, and keeps the picker", async () => {
    mockServer(() => invalid({ file: ['The file may not have more than 100000 rows.'] }, 'The file may not have more than 100000 rows.'));
    renderPanel();
    await choose();
    expect((await screen.findByRole('alert')).textContent).toBe('The file may not have more than 100000 rows.');
    expect(screen.getByLabelText('CSV file')).toBeTruthy();
  });

  it('keeps the checked file when the import itself fails, so it can be tried again', async () => {
    mockServer((upload) => (upload.params.dryRun ? HttpResponse.json({ data: check }) : HttpResponse.json({ message: 'Server error.' }, { status: 500 })));
    renderPanel();
    await choose();
    await userEvent.click(await screen.findByRole('button', { name: 'Import 5 rows' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong. Please try again.');
    expect(screen.getByRole('button', { name: 'Import 5 rows' })).toBeTruthy();
  });
});
