import type { UploadResult } from '@tillbook/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosProgressEvent, AxiosRequestConfig } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import { http } from '../../lib/http.ts';
import { Notifications } from '../../lib/notifications.tsx';
import { deferred, httpError } from '../../testing/fixtures.ts';
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

type Post = (url: string, body: FormData, config: AxiosRequestConfig) => Promise<{ data: { data: UploadResult } }>;

/** Answers the outlets picker; the uploads answer with what `upload` says. */
function mockServer(upload: Post) {
  vi.spyOn(http, 'get').mockImplementation((url: string) => {
    if (url === '/api/outlets/list') return Promise.resolve({ data: { data: outlets } });
    return Promise.reject(new Error(`unexpected GET ${url}`));
  });
  return vi.spyOn(http, 'post').mockImplementation(upload as unknown as typeof http.post);
}

function renderPanel(onDone = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  render(
    <QueryClientProvider client={client}>
      <ProductImportPanel onDone={onDone} />
      <Notifications />
    </QueryClientProvider>,
  );
  return { onDone, invalidate };
}

function progress(config: AxiosRequestConfig, loaded: number, total: number) {
  config.onUploadProgress?.({ loaded, total } as AxiosProgressEvent);
}

async function choose(file = csvFile()) {
  await userEvent.upload(screen.getByLabelText('CSV file'), file);
}

describe('ProductImportPanel', () => {
  it('explains the columns and offers a CSV file picker and the outlet for stock', async () => {
    mockServer(() => Promise.reject(new Error('no upload expected')));
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
    const post = mockServer(() => Promise.resolve({ data: { data: check } }));
    renderPanel();
    await screen.findByLabelText('Stock at');
    await choose();

    expect(await screen.findByText('The file is checked. Nothing has been imported yet.')).toBeTruthy();
    expect(screen.getByText('Importing it will create 5 products and update 0.')).toBeTruthy();
    expect(post).toHaveBeenCalledTimes(1);
    const [url, body, config] = post.mock.calls[0] as unknown as Parameters<Post>;
    expect(url).toBe('/api/products/upload');
    expect((body.get('file') as File).name).toBe('teas.csv');
    expect(config.params).toEqual({ dryRun: 1, outletId: '1' });

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
    const importing = deferred<{ data: { data: UploadResult } }>();
    let importConfig: AxiosRequestConfig | undefined;
    const post = mockServer((_url, _body, config) => {
      if ((config.params as { dryRun?: number }).dryRun) return Promise.resolve({ data: { data: check } });
      importConfig = config;
      return importing.promise;
    });
    const { onDone, invalidate } = renderPanel();
    await choose();
    await userEvent.click(await screen.findByRole('button', { name: 'Import 5 rows' }));

    expect(post).toHaveBeenCalledTimes(2);
    expect(importConfig?.params).toEqual({ outletId: '1' });
    progress(importConfig as AxiosRequestConfig, 40, 100);
    const bar = await screen.findByRole('progressbar', { name: 'Sending teas.csv' });
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    progress(importConfig as AxiosRequestConfig, 100, 100);
    const working = await screen.findByRole('progressbar', { name: 'Importing 6 rows' });
    expect(working.hasAttribute('aria-valuenow')).toBe(false);

    const result: UploadResult = { created: 4, updated: 1, failed: check.failed };
    importing.resolve({ data: { data: result } });
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
    const post = mockServer(() => Promise.resolve({ data: { data: check } }));
    renderPanel();
    await userEvent.selectOptions(await screen.findByLabelText('Stock at'), 'Harbour store');
    await choose();
    await screen.findByText('The file is checked. Nothing has been imported yet.');
    expect((post.mock.calls[0] as unknown as Parameters<Post>)[2].params).toEqual({ dryRun: 1, outletId: '3' });
    expect(screen.getByText('The stock column sets the count at Harbour store.')).toBeTruthy();
  });

  it('offers no import when no row can be imported', async () => {
    mockServer(() => Promise.resolve({ data: { data: { created: 0, updated: 0, failed: [{ row: 2, field: 'price', message: 'The price field is required.' }] } } }));
    renderPanel();
    await choose(csvFile('title,price\nNo price,\n'));
    expect(await screen.findByText('No row of this file can be imported.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Import 0 rows' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Choose another file' }));
    expect(screen.getByLabelText('CSV file')).toBeTruthy();
  });

  it('refuses a file without a usable header in the browser, sending nothing', async () => {
    const post = mockServer(() => Promise.reject(new Error('no upload expected')));
    renderPanel();
    await choose(csvFile('colour,size\nred,M\n', 'sizes.csv'));
    expect((await screen.findByRole('alert')).textContent).toMatch(/It needs a title column \(or a sku column to update products\)\./);
    expect(post).not.toHaveBeenCalled();
  });

  it("shows the server's message when the file is refused, and keeps the picker", async () => {
    mockServer(() => Promise.reject(httpError(422, { message: 'The file may not have more than 100000 rows.', errors: { file: ['The file may not have more than 100000 rows.'] } })));
    renderPanel();
    await choose();
    expect((await screen.findByRole('alert')).textContent).toBe('The file may not have more than 100000 rows.');
    expect(screen.getByLabelText('CSV file')).toBeTruthy();
  });

  it('keeps the checked file when the import itself fails, so it can be tried again', async () => {
    mockServer((_url, _body, config) =>
      (config.params as { dryRun?: number }).dryRun ? Promise.resolve({ data: { data: check } }) : Promise.reject(httpError(500, { message: 'Server error.' })),
    );
    renderPanel();
    await choose();
    await userEvent.click(await screen.findByRole('button', { name: 'Import 5 rows' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong. Please try again.');
    expect(screen.getByRole('button', { name: 'Import 5 rows' })).toBeTruthy();
  });
});
