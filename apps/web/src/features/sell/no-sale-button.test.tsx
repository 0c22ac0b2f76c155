import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { cashier } from '../../testing/fixtures.ts';
import { renderScreen } from '../../testing/render.tsx';
import { HttpResponse, invalid, recordRequests, rest, server } from '../../testing/server.ts';
import { NoSaleButton } from './no-sale-button.tsx';

const opening = { id: 3, sessionId: 5, registerId: 1, reason: 'Check the float', userName: 'Carl Cash', approvedByName: null, createdAt: '2026-11-22T10:00:00.000Z' };
const needsManager = 'Opening the drawer without a sale needs a manager’s approval.';

function renderButton() {
  const sent = recordRequests();
  server.use(rest.get('/api/approvals/approvers', () => HttpResponse.json({ data: [{ id: 9, name: 'Maria Manager', hasPin: true }] })));
  renderScreen(<NoSaleButton registerSlug="main-till-1" />, { path: '/registers/1/sell', signedInAs: cashier });
  const posts = () => sent.all.filter((r) => r.method === 'POST' && r.path === '/api/cashbox/main-till-1/no-sale').map((r) => r.body);
  return { posts };
}

describe('NoSaleButton', () => {
  it('opens the drawer with the chosen reason and says so', async () => {
    const { posts } = renderButton();
    server.use(rest.post('/api/cashbox/main-till-1/no-sale', () => HttpResponse.json({ data: opening }, { status: 201 })));
    await userEvent.click(screen.getByRole('button', { name: 'No sale' }));
    const dialog = await screen.findByRole('dialog', { name: 'Open the drawer without a sale' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Why'), 'Check the float');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Open drawer' }));
    expect(await screen.findByText('Drawer opened')).toBeTruthy();
    expect(posts()).toEqual([{ reason: 'Check the float' }]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Open the drawer without a sale' })).toBeNull());
  });

  it('asks for a reason when “Other” is chosen', async () => {
    const { posts } = renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'No sale' }));
    const dialog = await screen.findByRole('dialog', { name: 'Open the drawer without a sale' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Why'), 'Other');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Open drawer' }));
    expect(await within(dialog).findByText('Say why the drawer is opened.')).toBeTruthy();
    expect(posts()).toEqual([]);
  });

  it('asks a manager when the cashier may not open the drawer alone, and sends the approval with the same reason', async () => {
    const { posts } = renderButton();
    server.use(
      rest.post('/api/cashbox/main-till-1/no-sale', async ({ request }) => {
        const body = (await request.json()) as { approval?: unknown };
        if (!body.approval) return invalid({ approval: [needsManager] });
        return HttpResponse.json({ data: { ...opening, reason: 'Customer wants a receipt copy', approvedByName: 'Maria Manager' } }, { status: 201 });
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'No sale' }));
    const dialog = await screen.findByRole('dialog', { name: 'Open the drawer without a sale' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Why'), 'Other');
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Customer wants a receipt copy');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Open drawer' }));
    const approval = await screen.findByRole('dialog', { name: 'Manager approval' });
    expect(within(approval).getByText(needsManager)).toBeTruthy();
    await userEvent.type(await within(approval).findByLabelText('Their PIN'), '4321');
    await userEvent.click(within(approval).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Drawer opened')).toBeTruthy();
    expect(posts()).toEqual([
      { reason: 'Customer wants a receipt copy' },
      { reason: 'Customer wants a receipt copy', approval: { approverId: 9, pin: '4321' } },
    ]);
  });

  it('shows why the server refused, keeping the dialog open', async () => {
    renderButton();
    server.use(
      rest.post('/api/cashbox/main-till-1/no-sale', () =>
        invalid({ register: ['The drawer of Till 1 is closed. Open it before opening it without a sale.'] }, 'The drawer of Till 1 is closed. Open it before opening it without a sale.'),
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'No sale' }));
    const dialog = await screen.findByRole('dialog', { name: 'Open the drawer without a sale' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Open drawer' }));
    expect(await within(dialog).findByText('The drawer of Till 1 is closed. Open it before opening it without a sale.')).toBeTruthy();
  });
});
