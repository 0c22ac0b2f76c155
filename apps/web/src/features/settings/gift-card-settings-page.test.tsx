import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../testing/render.tsx';
import { HttpResponse, invalid, recordRequests, rest, server } from '../../testing/server.ts';
import { GiftCardSettingsPage } from './gift-card-settings-page.tsx';
import { buildSettings } from './settings.fixtures.tsx';

async function openGiftCards(expiryMonths = 0) {
  server.use(rest.get('/api/settings', () => HttpResponse.json({ data: buildSettings({ giftCards: { expiryMonths } }) })));
  renderScreen(<GiftCardSettingsPage />, { path: '/settings/gift-cards' });
  await screen.findByLabelText('Expiry in months');
}

const months = () => screen.getByLabelText('Expiry in months') as HTMLInputElement;

async function retype(text: string) {
  await userEvent.clear(months());
  if (text) await userEvent.type(months(), text);
}

describe('GiftCardSettingsPage', () => {
  it('is a settings tab and shows the saved expiry, 0 meaning never', async () => {
    await openGiftCards(0);
    const tabs = screen.getByRole('navigation', { name: 'Settings sections' });
    expect(within(tabs).getByRole('link', { name: 'Gift cards' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('heading', { level: 1, name: 'Gift cards' })).toBeTruthy();
    expect(months().value).toBe('0');
    expect(screen.getByText(/^0 = cards never expire\./)).toBeTruthy();
  });

  it('saves the months as a number', async () => {
    await openGiftCards(0);
    const sent = recordRequests();
    server.use(rest.put('/api/settings/gift-cards', () => HttpResponse.json({ data: buildSettings({ giftCards: { expiryMonths: 24 } }) })));
    await retype('24');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent.find('PUT', '/api/settings/gift-cards')?.body).toEqual({ expiryMonths: 24 }));
    expect(await screen.findByText('Gift card settings saved.')).toBeTruthy();
    expect(months().value).toBe('24');
  });

  it('refuses what is not a whole number of months from 0 to 120 before sending', async () => {
    await openGiftCards(12);
    const sent = recordRequests();
    await retype('1.5');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The expiry in months must be a whole number.')).toBeTruthy();
    await retype('121');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The expiry in months may not be greater than 120.')).toBeTruthy();
    expect(sent.find('PUT', '/api/settings/gift-cards')).toBeUndefined();
  });

  it('puts the server’s message on the field and keeps what was typed', async () => {
    await openGiftCards(12);
    server.use(rest.put('/api/settings/gift-cards', () => invalid({ expiryMonths: ['Gift cards may not expire within 36 months here.'] })));
    await retype('36');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Gift cards may not expire within 36 months here.')).toBeTruthy();
    expect(months().value).toBe('36');
  });
});
