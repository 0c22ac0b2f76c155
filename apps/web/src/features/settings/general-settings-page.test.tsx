import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { shopSettingsQuery } from '../../lib/shop-settings.ts';
import { deferred } from '../../testing/fixtures.ts';
import { HttpResponse, invalid, recordRequests, rest, server } from '../../testing/server.ts';
import { buildSettings, renderSettings } from './settings.fixtures.tsx';

function field(label: string) {
  return screen.getByLabelText(label) as HTMLInputElement & HTMLSelectElement;
}

/** The settings the server holds; a test changes them as a save would. */
let stored = buildSettings();

async function openGeneral(settings = buildSettings()) {
  stored = settings;
  server.use(rest.get('/api/settings', () => HttpResponse.json({ data: stored })));
  const rendered = renderSettings('/settings/general');
  await screen.findByLabelText('Business name');
  return rendered;
}

/** The server's answer to a change: the settings as now stored. */
function storedAfterChange(overrides: Partial<typeof stored>) {
  stored = buildSettings({ ...stored, ...overrides });
  return HttpResponse.json({ data: stored });
}

/** The body the screen sent with `method path`, once read. */
async function sentBody(sent: ReturnType<typeof recordRequests>, method: string, path: string) {
  await waitFor(() => expect(sent.find(method, path)?.body).toBeDefined());
  return sent.find(method, path)?.body;
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
    const sent = recordRequests();
    server.use(rest.put('/api/settings/general', () => storedAfterChange({ businessName: 'Corner Shop', currency: 'EUR', locale: 'fr-FR' })));
    const invalidate = vi.spyOn(client, 'invalidateQueries');

    await userEvent.clear(field('Business name'));
    await userEvent.type(field('Business name'), '  Corner Shop ');
    await userEvent.selectOptions(field('Currency'), 'EUR');
    await userEvent.selectOptions(field('Locale'), 'fr-FR');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await sentBody(sent, 'PUT', '/api/settings/general')).toEqual({ businessName: 'Corner Shop', currency: 'EUR', locale: 'fr-FR', timeZone: 'America/New_York' });
    expect(await screen.findByText('General settings saved.')).toBeTruthy();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['settings'] });
    expect(client.getQueryData(shopSettingsQuery.queryKey)).toMatchObject({ businessName: 'Corner Shop', currency: 'EUR', locale: 'fr-FR' });
    expect(field('Business name').value).toBe('Corner Shop');
  });

  it('takes any currency code typed under "Other" and puts the server’s 422 messages on their fields', async () => {
    await openGeneral();
    const sent = recordRequests();
    server.use(
      rest.put('/api/settings/general', () =>
        invalid(
          {
            currency: ['The currency must be an ISO 4217 code such as USD, EUR or GBP.'],
            businessName: ['The business name may not be longer than 120 characters.'],
          },
          'The currency must be an ISO 4217 code such as USD, EUR or GBP. (and 1 more error)',
        ),
      ),
    );

    await userEvent.selectOptions(field('Currency'), 'other');
    const code = field('Currency code');
    expect(code.value).toBe('USD');
    await userEvent.clear(code);
    await userEvent.type(code, 'thb');
    expect(code.value).toBe('THB');
    expect(screen.getByTestId('money-preview').textContent).toBe('Preview: 1234.5 → THB\u00a01,234.50');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await sentBody(sent, 'PUT', '/api/settings/general')).toEqual({ businessName: 'Tillbook', currency: 'THB', locale: 'en-US', timeZone: 'America/New_York' });
    expect(await screen.findByText('The currency must be an ISO 4217 code such as USD, EUR or GBP.')).toBeTruthy();
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('The business name may not be longer than 120 characters.')).toBeTruthy();
    expect(field('Business name').getAttribute('aria-invalid')).toBe('true');
    // Nothing typed is lost.
    expect(code.value).toBe('THB');
  });

  it('checks the fields with the contract before sending', async () => {
    await openGeneral();
    const sent = recordRequests();
    await userEvent.clear(field('Business name'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The business name field is required.')).toBeTruthy();
    expect(sent.filter('PUT', '/api/settings/general')).toHaveLength(0);
  });

  it('opens a saved currency that is not in the list as a typed code', async () => {
    await openGeneral(buildSettings({ currency: 'KES' }));
    expect(field('Currency').value).toBe('other');
    expect(field('Currency code').value).toBe('KES');
  });

  it('shows an error with a retry when the settings cannot be loaded', async () => {
    let isDown = true;
    server.use(
      rest.get('/api/settings', () => (isDown ? HttpResponse.json({ message: 'Server error.' }, { status: 500 }) : HttpResponse.json({ data: buildSettings() }))),
    );
    renderSettings('/settings/general');
    expect(await screen.findByText('The settings could not be loaded.')).toBeTruthy();
    isDown = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Business name')).toBeTruthy();
  });
});

describe('the time zone', () => {
  it('shows the saved zone, suggests every IANA zone with its offset, and saves the one chosen', async () => {
    await openGeneral(buildSettings({ locale: 'en-GB' }));
    const zone = field('Time zone');
    expect(zone.value).toBe('America/New_York');
    expect(screen.getByText('Reports, receipts and the Z report count days in this time zone.')).toBeTruthy();
    const suggestions = document.getElementById(zone.getAttribute('list')!)!;
    const kolkata = [...suggestions.querySelectorAll('option')].find((o) => /^Asia\/(Kolkata|Calcutta)$/.test(o.value))!;
    expect(kolkata.label).toBe(`${kolkata.value} (UTC+05:30)`);
    expect(suggestions.querySelectorAll('option').length).toBeGreaterThan(300);
    expect(screen.getByTestId('time-zone-preview').textContent).toMatch(/^Now: .+ \(UTC\u2212(04|05):00\)$/);

    const sent = recordRequests();
    server.use(rest.put('/api/settings/general', () => storedAfterChange({ timeZone: kolkata.value })));
    await userEvent.clear(zone);
    await userEvent.type(zone, kolkata.value);
    expect(screen.getByTestId('time-zone-preview').textContent).toMatch(/\(UTC\+05:30\)$/);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await sentBody(sent, 'PUT', '/api/settings/general')).toMatchObject({ timeZone: kolkata.value });
    expect(await screen.findByText('General settings saved.')).toBeTruthy();
    expect(field('Time zone').value).toBe(kolkata.value);
  });

  it('refuses a name that is no zone before sending, and shows the server’s message on the field', async () => {
    await openGeneral();
    const sent = recordRequests();
    await userEvent.clear(field('Time zone'));
    await userEvent.type(field('Time zone'), 'Europe/Atlantis');
    expect(screen.getByTestId('time-zone-preview').textContent).toBe('Choose a time zone from the list to see the time there now.');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Choose a time zone from the list.')).toBeTruthy();
    expect(field('Time zone').getAttribute('aria-invalid')).toBe('true');
    expect(sent.filter('PUT', '/api/settings/general')).toHaveLength(0);

    server.use(rest.put('/api/settings/general', () => invalid({ timeZone: ['Choose a time zone from the list.'] }, 'Choose a time zone from the list.')));
    await userEvent.clear(field('Time zone'));
    await userEvent.type(field('Time zone'), 'Europe/Berlin');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent.filter('PUT', '/api/settings/general')).toHaveLength(1));
    expect(await screen.findByText('Choose a time zone from the list.')).toBeTruthy();
    expect(field('Time zone').value).toBe('Europe/Berlin');
  });
});

describe('the logo', () => {
  const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' });

  it('uploads the chosen image as the multipart field "logo" and shows its thumbnail', async () => {
    await openGeneral();
    expect(screen.getByText('No logo yet')).toBeTruthy();
    expect(screen.getByText(/login screen shows a new logo after it is reloaded/)).toBeTruthy();
    const answer = deferred<void>();
    const received = deferred<FormDataEntryValue | null>();
    server.use(
      rest.post('/api/settings/logo', async ({ request }) => {
        received.resolve((await request.formData()).get('logo'));
        await answer.promise;
        return storedAfterChange({ logoUrl: '/media/abc.png' });
      }),
    );

    await userEvent.upload(screen.getByLabelText('Logo file'), png());
    expect(screen.getByRole('button', { name: 'Uploading…' })).toHaveProperty('disabled', true);
    const logo = await received.promise;
    // A file part, not a text field.
    expect(logo).not.toBeNull();
    expect(typeof logo).toBe('object');

    answer.resolve();
    const image = (await screen.findByRole('img', { name: 'Tillbook logo' })) as HTMLImageElement;
    expect(image.getAttribute('src')).toBe('/media/abc.thumb.webp');
    expect(screen.getByRole('button', { name: 'Replace logo' })).toBeTruthy();
  });

  it('shows the server’s 422 message for a file it refuses', async () => {
    await openGeneral();
    server.use(
      rest.post('/api/settings/logo', () =>
        invalid({ logo: ['The logo must be a PNG, JPEG, WebP or GIF image.'] }, 'The logo must be a PNG, JPEG, WebP or GIF image.'),
      ),
    );
    await userEvent.upload(screen.getByLabelText('Logo file'), png());
    expect((await screen.findByRole('alert')).textContent).toBe('The logo must be a PNG, JPEG, WebP or GIF image.');
  });

  it('refuses a file over 5 MB without uploading it', async () => {
    await openGeneral();
    const sent = recordRequests();
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    await userEvent.upload(screen.getByLabelText('Logo file'), big);
    expect((await screen.findByRole('alert')).textContent).toBe('The logo may not be larger than 5 MB.');
    expect(sent.filter('POST', '/api/settings/logo')).toHaveLength(0);
  });

  it('removes the logo after confirmation', async () => {
    await openGeneral(buildSettings({ logoUrl: '/media/abc.png' }));
    const sent = recordRequests();
    server.use(rest.delete('/api/settings/logo', () => storedAfterChange({ logoUrl: null })));
    await userEvent.click(screen.getByRole('button', { name: 'Remove logo' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(sent.find('DELETE', '/api/settings/logo')).toBeTruthy());
    expect(await screen.findByText('No logo yet')).toBeTruthy();
    expect(screen.getByText('Logo removed.')).toBeTruthy();
  });

  it('switches the blind close of the cash drawer on at once and says so', async () => {
    await openGeneral();
    const sent = recordRequests();
    server.use(rest.put('/api/settings/cashbox', () => storedAfterChange({ blindClose: true })));
    const toggle = screen.getByRole('checkbox', { name: /Blind close/ }) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    await userEvent.click(toggle);
    expect(await sentBody(sent, 'PUT', '/api/settings/cashbox')).toEqual({ blindClose: true });
    expect(await screen.findByText('Cashiers now close their drawers blind.')).toBeTruthy();
    await waitFor(() => expect((screen.getByRole('checkbox', { name: /Blind close/ }) as HTMLInputElement).checked).toBe(true));
  });

  it('saves above which quantity the sell screen asks, refusing what is not a whole number', async () => {
    await openGeneral();
    const sent = recordRequests();
    server.use(rest.put('/api/settings/selling', () => storedAfterChange({ confirmQuantityAbove: 24 })));
    const box = field('Ask to confirm quantities above');
    expect(box.value).toBe('100');
    await userEvent.clear(box);
    await userEvent.type(box, '1e3');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('The quantity to confirm above must be a whole number.')).toBeTruthy();
    expect(sent.filter('PUT', '/api/settings/selling')).toHaveLength(0);

    await userEvent.clear(box);
    await userEvent.type(box, '24');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await sentBody(sent, 'PUT', '/api/settings/selling')).toEqual({ confirmQuantityAbove: 24 });
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

    const sent = recordRequests();
    server.use(rest.put('/api/settings/taxes', () => storedAfterChange({ taxRounding: 'sale' })));
    await userEvent.click(perSale);
    expect(await sentBody(sent, 'PUT', '/api/settings/taxes')).toEqual({ taxRounding: 'sale' });
    expect(await screen.findByText('Taxes are now rounded once per sale.')).toBeTruthy();
    await waitFor(() => expect((within(group).getByRole('radio', { name: /Round once per sale/ }) as HTMLInputElement).checked).toBe(true));
  });
});
