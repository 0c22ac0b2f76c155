import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { http } from '../../lib/http.ts';
import { deferred, httpError } from '../../testing/fixtures.ts';
import { answerGets, buildSettings, renderSettings } from './testing.tsx';

function field(label: string) {
  return screen.getByLabelText(label) as HTMLInputElement & HTMLSelectElement;
}

/** The settings the server holds; a test changes them as a save would. */
let stored = buildSettings();

async function openGeneral(settings = buildSettings()) {
  stored = settings;
  answerGets({ '/api/settings': () => Promise.resolve({ data: stored }) });
  const rendered = renderSettings('/settings/general');
  await screen.findByLabelText('Business name');
  return rendered;
}

/** The server's answer to a change: the settings as now stored. */
function storedAfterChange(overrides: Partial<typeof stored>) {
  stored = buildSettings({ ...stored, ...overrides });
  return { data: { data: stored } };
}

describe('GeneralSettingsPage', () => {
  it('shows the settings tabs, with General current and Rewards linked with tab=points', async () => {
    await openGeneral();
    const tabs = screen.getByRole('navigation', { name: 'Settings sections' });
    expect(within(tabs).getByRole('link', { name: 'General' }).getAttribute('aria-current')).toBe('page');
    expect(within(tabs).getByRole('link', { name: 'Products' }).getAttribute('href')).toBe('/settings/products');
    expect(within(tabs).getByRole('link', { name: 'Rewards' }).getAttribute('href')).toBe('/settings/rewards?tab=points');
  });

  it('shows the saved values and a live money preview that follows currency and locale', async () => {
    await openGeneral(buildSettings({ businessName: 'Corner Shop' }));
    expect(field('Business name').value).toBe('Corner Shop');
    expect(field('Currency').value).toBe('USD');
    expect(field('Locale').value).toBe('en-US');
    const preview = screen.getByTestId('money-preview');
    expect(preview.textContent).toBe('Preview: 1234.5 → $1,234.50');

    await userEvent.selectOptions(field('Currency'), 'EUR');
    await userEvent.selectOptions(field('Locale'), 'de-DE');
    expect(preview.textContent).toBe('Preview: 1234.5 → 1.234,50\u00a0€');
    await userEvent.selectOptions(field('Currency'), 'JPY');
    expect(preview.textContent).toBe('Preview: 1234.5 → 1.235\u00a0¥');
  });

  it('sends name, currency and locale as the API takes them, then refreshes every settings query', async () => {
    const { client } = await openGeneral();
    const put = vi.spyOn(http, 'put').mockImplementation(() => Promise.resolve(storedAfterChange({ businessName: 'Corner Shop', currency: 'EUR', locale: 'fr-FR' })));
    const invalidate = vi.spyOn(client, 'invalidateQueries');

    await userEvent.clear(field('Business name'));
    await userEvent.type(field('Business name'), '  Corner Shop ');
    await userEvent.selectOptions(field('Currency'), 'EUR');
    await userEvent.selectOptions(field('Locale'), 'fr-FR');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(put).toHaveBeenCalledWith('/api/settings/general', { businessName: 'Corner Shop', currency: 'EUR', locale: 'fr-FR' }));
    expect(await screen.findByText('General settings saved.')).toBeTruthy();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['settings'] });
    expect(client.getQueryData(['settings', 'shop'])).toMatchObject({ businessName: 'Corner Shop', currency: 'EUR', locale: 'fr-FR' });
    expect(field('Business name').value).toBe('Corner Shop');
  });

  it('takes any currency code typed under "Other" and puts the server’s 422 messages on their fields', async () => {
    await openGeneral();
    const put = vi.spyOn(http, 'put').mockRejectedValue(
      httpError(422, {
        message: 'The currency must be an ISO 4217 code such as USD, EUR or GBP. (and 1 more error)',
        errors: {
          currency: ['The currency must be an ISO 4217 code such as USD, EUR or GBP.'],
          businessName: ['The business name may not be longer than 120 characters.'],
        },
      }),
    );

    await userEvent.selectOptions(field('Currency'), 'other');
    const code = field('Currency code');
    expect(code.value).toBe('USD');
    await userEvent.clear(code);
    await userEvent.type(code, 'thb');
    expect(code.value).toBe('THB');
    expect(screen.getByTestId('money-preview').textContent).toBe('Preview: 1234.5 → THB\u00a01,234.50');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(put).toHaveBeenCalledWith('/api/settings/general', { businessName: 'Tillbook', currency: 'THB', locale: 'en-US' }));
    expect(await screen.findByText('The currency must be an ISO 4217 code such as USD, EUR or GBP.')).toBeTruthy();
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('The business name may not be longer than 120 characters.')).toBeTruthy();
    expect(field('Business name').getAttribute('aria-invalid')).toBe('true');
    // Nothing typed is lost.
    expect(code.value).toBe('THB');
  });

  it('checks the fields with the contract before sending', async () => {
    await openGeneral();
    const put = vi.spyOn(http, 'put');
    await userEvent.clear(field('Business name'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The business name field is required.')).toBeTruthy();
    expect(put).not.toHaveBeenCalled();
  });

  it('opens a saved currency that is not in the list as a typed code', async () => {
    await openGeneral(buildSettings({ currency: 'KES' }));
    expect(field('Currency').value).toBe('other');
    expect(field('Currency code').value).toBe('KES');
  });

  it('shows an error with a retry when the settings cannot be loaded', async () => {
    const get = answerGets({ '/api/settings': () => Promise.reject(httpError(500, { message: 'Server error.' })) });
    renderSettings('/settings/general');
    expect(await screen.findByText('The settings could not be loaded.')).toBeTruthy();
    get.mockImplementation(() => Promise.resolve({ data: { data: buildSettings() } }));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Business name')).toBeTruthy();
  });
});

describe('the logo', () => {
  const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' });

  it('uploads the chosen image as the multipart field "logo" and shows its thumbnail', async () => {
    await openGeneral();
    expect(screen.getByText('No logo yet')).toBeTruthy();
    expect(screen.getByText(/login screen shows a new logo after it is reloaded/)).toBeTruthy();
    const answer = deferred<ReturnType<typeof storedAfterChange>>();
    const post = vi.spyOn(http, 'post').mockReturnValue(answer.promise);

    await userEvent.upload(screen.getByLabelText('Logo file'), png());
    expect(screen.getByRole('button', { name: 'Uploading…' })).toHaveProperty('disabled', true);
    const [url, body] = post.mock.calls[0] ?? [];
    expect(url).toBe('/api/settings/logo');
    expect((body as FormData).get('logo')).toBeInstanceOf(File);

    answer.resolve(storedAfterChange({ logoUrl: '/media/abc.png' }));
    const image = (await screen.findByRole('img', { name: 'Tillbook logo' })) as HTMLImageElement;
    expect(image.getAttribute('src')).toBe('/media/abc.thumb.webp');
    expect(screen.getByRole('button', { name: 'Replace logo' })).toBeTruthy();
  });

  it('shows the server’s 422 message for a file it refuses', async () => {
    await openGeneral();
    vi.spyOn(http, 'post').mockRejectedValue(
      httpError(422, {
        message: 'The logo must be a PNG, JPEG, WebP or GIF image.',
        errors: { logo: ['The logo must be a PNG, JPEG, WebP or GIF image.'] },
      }),
    );
    await userEvent.upload(screen.getByLabelText('Logo file'), png());
    expect((await screen.findByRole('alert')).textContent).toBe('The logo must be a PNG, JPEG, WebP or GIF image.');
  });

  it('refuses a file over 5 MB without uploading it', async () => {
    await openGeneral();
    const post = vi.spyOn(http, 'post');
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    await userEvent.upload(screen.getByLabelText('Logo file'), big);
    expect((await screen.findByRole('alert')).textContent).toBe('The logo may not be larger than 5 MB.');
    expect(post).not.toHaveBeenCalled();
  });

  it('removes the logo after confirmation', async () => {
    await openGeneral(buildSettings({ logoUrl: '/media/abc.png' }));
    const remove = vi.spyOn(http, 'delete').mockImplementation(() => Promise.resolve(storedAfterChange({ logoUrl: null })));
    await userEvent.click(screen.getByRole('button', { name: 'Remove logo' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    expect(remove).toHaveBeenCalledWith('/api/settings/logo');
    expect(await screen.findByText('No logo yet')).toBeTruthy();
    expect(screen.getByText('Logo removed.')).toBeTruthy();
  });

  it('switches the blind close of the cash drawer on at once and says so', async () => {
    await openGeneral();
    const put = vi.spyOn(http, 'put').mockImplementation(() => Promise.resolve(storedAfterChange({ blindClose: true })));
    const toggle = screen.getByRole('checkbox', { name: /Blind close/ }) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    await userEvent.click(toggle);
    await waitFor(() => expect(put).toHaveBeenCalledWith('/api/settings/cashbox', { blindClose: true }));
    expect(await screen.findByText('Cashiers now close their drawers blind.')).toBeTruthy();
    await waitFor(() => expect((screen.getByRole('checkbox', { name: /Blind close/ }) as HTMLInputElement).checked).toBe(true));
  });

  it('saves above which quantity the sell screen asks, refusing what is not a whole number', async () => {
    await openGeneral();
    const put = vi.spyOn(http, 'put').mockImplementation(() => Promise.resolve(storedAfterChange({ confirmQuantityAbove: 24 })));
    const box = field('Ask to confirm quantities above');
    expect(box.value).toBe('100');
    await userEvent.clear(box);
    await userEvent.type(box, '1e3');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('The quantity to confirm above must be a whole number.')).toBeTruthy();
    expect(put).not.toHaveBeenCalled();

    await userEvent.clear(box);
    await userEvent.type(box, '24');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(put).toHaveBeenCalledWith('/api/settings/selling', { confirmQuantityAbove: 24 }));
    expect(await screen.findByText('Selling settings saved.')).toBeTruthy();
  });

  it('explains tax rounding with a worked example and switches it to once per sale at once', async () => {
    await openGeneral();
    const group = screen.getByRole('group', { name: 'Tax rounding' });
    const perLine = within(group).getByRole('radio', { name: /Round on each line/ }) as HTMLInputElement;
    const perSale = within(group).getByRole('radio', { name: /Round once per sale/ }) as HTMLInputElement;
    expect(perLine.checked).toBe(true);
    // Ten items at $0.99 including 20 % VAT: 0.165 → 0.17 on each line, 9.90 / 6 = 1.65 on the sale.
    expect(within(group).getByText(/Ten items at \$0\.99 including 20 % VAT: \$1\.70 of VAT\./)).toBeTruthy();
    expect(within(group).getByText(/The same ten items: \$1\.65 of VAT\./)).toBeTruthy();

    const put = vi.spyOn(http, 'put').mockImplementation(() => Promise.resolve(storedAfterChange({ taxRounding: 'sale' })));
    await userEvent.click(perSale);
    await waitFor(() => expect(put).toHaveBeenCalledWith('/api/settings/taxes', { taxRounding: 'sale' }));
    expect(await screen.findByText('Taxes are now rounded once per sale.')).toBeTruthy();
    await waitFor(() => expect((within(group).getByRole('radio', { name: /Round once per sale/ }) as HTMLInputElement).checked).toBe(true));
  });
});
