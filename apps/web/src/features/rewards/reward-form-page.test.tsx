import { defaultShopSettings, type PickedVariant, type Reward } from '@tillbook/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { landing, renderScreen } from '../../testing/render.tsx';
import { HttpResponse, invalid, pageOf, recordRequests, rest, server } from '../../testing/server.ts';
import { RewardFormPage } from './reward-form-page.tsx';
import { buildReward, largeCoffee } from './reward.fixtures.ts';

const scannedCoffee: PickedVariant = {
  variantId: 71,
  productId: 7,
  productTitle: 'Coffee',
  variantName: 'Large',
  sku: 'COF-L',
  barcode: '4006381333931',
  cost: 90,
  price: 350,
};

/** The reward form; the shop's settings, the product search and the reward answered over msw. */
function renderForm(path = '/rewards/new', reward?: Reward) {
  server.use(
    rest.get('/api/settings', () => HttpResponse.json({ data: defaultShopSettings })),
    rest.get('/api/products', () => HttpResponse.json(pageOf([], { perPage: 10 }))),
    rest.get('/api/products/variants', ({ request }) =>
      HttpResponse.json({ data: new URL(request.url).searchParams.get('code') === scannedCoffee.barcode ? [scannedCoffee] : [] }),
    ),
  );
  if (reward) server.use(rest.get(`/api/rewards/${reward.id}/edit`, () => HttpResponse.json({ data: reward })));
  return renderScreen(<RewardFormPage />, {
    path,
    pattern: path === '/rewards/new' ? path : '/rewards/:id/edit',
    routes: [landing('/rewards', 'Rewards list')],
  });
}

/** Replaces a field's text in one input event, as pasting does. */
async function fill(field: HTMLElement, text: string) {
  await userEvent.clear(field);
  await userEvent.click(field);
  await userEvent.paste(text);
}

function valueOf(label: string | RegExp) {
  return (screen.getByLabelText(label) as HTMLInputElement).value;
}

describe('RewardFormPage: a new reward', () => {
  it('reads the amount exactly ("1.5" → 150 minor units), saves, and goes back to the list', async () => {
    const sent = recordRequests();
    server.use(rest.post('/api/rewards/create', () => HttpResponse.json({ data: buildReward() }, { status: 201 })));
    const { router } = renderForm();
    await fill(await screen.findByLabelText('Name'), 'Small thank you');
    await fill(screen.getByLabelText('Amount off (USD)'), '1.5');
    await fill(screen.getByLabelText('Points needed'), '100');
    await fill(screen.getByLabelText('End date'), '2026-12-31');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sent.find('POST', '/api/rewards/create')?.body).toEqual({
        name: 'Small thank you',
        kind: 'amount',
        amount: 150,
        points: 100,
        startsOn: null,
        endsOn: '2026-12-31',
        active: true,
      }),
    );
    expect(await screen.findByText('Rewards list')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/rewards');
    expect(screen.getByText('Reward “Small thank you” created.')).toBeTruthy();
  });

  it('shows every mistake of an empty reward at once, without calling the server', async () => {
    const sent = recordRequests();
    renderForm();
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The name field is required.')).toBeTruthy();
    expect(screen.getByText('The amount field is required.')).toBeTruthy();
    expect(screen.getByText('The points needed must be a whole number.')).toBeTruthy();
    expect(screen.getByLabelText('Points needed').getAttribute('aria-invalid')).toBe('true');
    expect(sent.find('POST', '/api/rewards/create')).toBeUndefined();
  });

  it('refuses what is no amount, a percentage over 100 and an end before the start, keeping what was typed', async () => {
    const sent = recordRequests();
    renderForm();
    await fill(await screen.findByLabelText('Name'), 'Odd one');
    await fill(screen.getByLabelText('Amount off (USD)'), '1.555');
    await fill(screen.getByLabelText('Points needed'), '0');
    await fill(screen.getByLabelText('Start date'), '2026-12-01');
    await fill(screen.getByLabelText('End date'), '2026-11-01');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Use at most 2 decimals. Enter an amount like 1,234.50.')).toBeTruthy();
    expect(screen.getByText('The points needed must be at least 1.')).toBeTruthy();
    expect(screen.getByText('The end date may not be before the start date.')).toBeTruthy();
    expect(valueOf('Amount off (USD)')).toBe('1.555');

    await userEvent.click(screen.getByRole('radio', { name: /Percentage off the sale/ }));
    await fill(screen.getByLabelText('Percentage off (%)'), '150');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The rate must be a percentage above 0 and at most 100 with at most 4 decimals.')).toBeTruthy();
    expect(sent.find('POST', '/api/rewards/create')).toBeUndefined();
  });

  it('gives a scanned product free: asks for one first, then sends its variant', async () => {
    const sent = recordRequests();
    server.use(rest.post('/api/rewards/create', () => HttpResponse.json({ data: buildReward({ kind: 'product', variantId: 71, variant: largeCoffee }) })));
    renderForm();
    await fill(await screen.findByLabelText('Name'), 'Free coffee');
    await fill(screen.getByLabelText('Points needed'), '500');
    await userEvent.click(screen.getByRole('radio', { name: /A product free/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Choose the product given free.')).toBeTruthy();

    await userEvent.type(screen.getByRole('searchbox', { name: 'Find the product' }), '4006381333931{Enter}');
    expect((await screen.findByTestId('reward-product')).textContent).toContain('Coffee — Large');
    expect(screen.queryByText('Choose the product given free.')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent.find('POST', '/api/rewards/create')?.body).toMatchObject({ name: 'Free coffee', kind: 'product', variantId: 71, points: 500 }));
  });
});

describe('RewardFormPage: editing', () => {
  it('loads the reward as text and puts the server’s 422 on its fields, keeping what was typed', async () => {
    server.use(
      rest.put('/api/rewards/4/edit', () =>
        invalid({ name: ['A reward with this name already exists.'], points: ['The points needed may not be greater than 1000000000.'] }),
      ),
    );
    renderForm('/rewards/4/edit', buildReward({ timesUsed: 3 }));
    expect(((await screen.findByLabelText('Name')) as HTMLInputElement).value).toBe('Small thank you');
    expect(valueOf('Amount off (USD)')).toBe('1.50');
    expect(valueOf('Points needed')).toBe('100');
    expect(screen.getByText('Used 3 times.')).toBeTruthy();
    await fill(screen.getByLabelText('Points needed'), '120');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A reward with this name already exists.')).toBeTruthy();
    expect(screen.getByText('The points needed may not be greater than 1000000000.')).toBeTruthy();
    expect(valueOf('Points needed')).toBe('120');
    expect(valueOf('Name')).toBe('Small thank you');
  });

  it('shows the product a reward gives free, with today’s price', async () => {
    renderForm('/rewards/4/edit', buildReward({ kind: 'product', amount: 0, variantId: 71, variant: largeCoffee }));
    expect((await screen.findByTestId('reward-product')).textContent).toContain('Coffee — Large');
    expect(screen.getByText('One unit, sold today at $3.50.')).toBeTruthy();
  });

  it('says an archived reward is archived and restores it', async () => {
    const sent = recordRequests();
    server.use(rest.post('/api/rewards/4/restore', () => HttpResponse.json({ data: buildReward() })));
    renderForm('/rewards/4/edit', buildReward({ archived: true, state: 'archived' }));
    expect(await screen.findByText('This reward is archived.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(sent.find('POST', '/api/rewards/4/restore')).toBeDefined());
    expect(await screen.findByText('Reward “Small thank you” restored.')).toBeTruthy();
  });
});
