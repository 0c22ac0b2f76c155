import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { dropCatalogues, person, renderSell, ringUpCola, saleLines, searchBox } from './sell-page.fixtures.tsx';

afterEach(dropCatalogues);

describe('SellPage', () => {
  it('shows a closed drawer with the way to open it', async () => {
    renderSell({ isOpen: false });
    expect(await screen.findByText('The drawer of Till 1 is closed.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the drawer' }).getAttribute('href')).toBe('/registers/3/drawer');
  });

  it('treats a register the cashier may not use as closed', async () => {
    renderSell({ statusError: { status: 403, body: { message: 'This action is unauthorized.' } } });
    expect(await screen.findByRole('link', { name: 'Open the drawer' })).toBeTruthy();
  });

  it('adds the only search result with Enter, with its tax and charge from the engine', async () => {
    renderSell();
    const user = person();
    await user.type(await searchBox(), 'cola');
    await screen.findByRole('button', { name: /Cola Zero 330 ml/ });
    await user.keyboard('{Enter}');
    const line = within(await saleLines()).getByText('Cola Zero 330 ml').closest('li')!;
    expect(within(line).getByText('+ Bottle deposit $0.25')).toBeTruthy();
    expect(within(line).getByText('incl. VAT 20% $0.25')).toBeTruthy();
    expect(screen.getByLabelText('Sale total').textContent).toBe('$1.75');
    expect((await searchBox()).getAttribute('value')).toBe('');
  });

  it('adds a scanned barcode, twice as quantity 2, and names an unknown one without losing the sale', async () => {
    renderSell();
    await screen.findByRole('button', { name: /Cola Zero 330 ml/ });
    // No pause between keys, however busy the machine running the test is: a scanner's burst.
    const scanner = userEvent.setup({ delay: null });
    await scanner.keyboard('5449000131805{Enter}');
    await scanner.keyboard('5449000131805{Enter}');
    await waitFor(() => expect(screen.getByLabelText('Quantity of Cola Zero 330 ml')).toHaveProperty('value', '2'));
    await scanner.keyboard('99999999{Enter}');
    expect(await screen.findByText('No product has the barcode 99999999.')).toBeTruthy();
    expect(screen.getByLabelText('Quantity of Cola Zero 330 ml')).toHaveProperty('value', '2');
    expect((await searchBox()).getAttribute('value')).toBe('');
  });

  it('asks which variant of a product with variants, and warns when stock would go below zero', async () => {
    renderSell({ settings: { allowNegativeStock: true } });
    await userEvent.click(await screen.findByRole('button', { name: /Linen Shirt/ }));
    const picker = await screen.findByRole('dialog', { name: 'Which Linen Shirt?' });
    expect(within(picker).getByRole('button', { name: /M \/ Red.*4 in stock/ })).toBeTruthy();
    await userEvent.click(within(picker).getByRole('button', { name: /L \/ Blue.*Out of stock/ }));
    expect(within(await saleLines()).getByText('Linen Shirt · L / Blue')).toBeTruthy();
    expect(screen.getByText(/Only 0 in stock at this outlet/)).toBeTruthy();

    // A variant's own barcode needs no question.
    await person().type(await searchBox(), '4006381333931{Enter}');
    expect(await within(await saleLines()).findByText('Linen Shirt · M / Red')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Which Linen Shirt?' })).toBeNull();
  });

  it('refuses an item out of stock when it is added, while the shop does not sell below zero', async () => {
    renderSell();
    expect(await screen.findByRole('button', { name: /Wool Scarf.*Out of stock \(−4\)/ })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /Wool Scarf/ }));
    expect(await screen.findByText('Wool Scarf is out of stock at this outlet (−4): this shop does not sell below zero.')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: /Linen Shirt/ }));
    const picker = await screen.findByRole('dialog', { name: 'Which Linen Shirt?' });
    await userEvent.click(within(picker).getByRole('button', { name: /L \/ Blue.*Out of stock/ }));
    expect(await screen.findByText('Linen Shirt · L / Blue is out of stock at this outlet: this shop does not sell below zero.')).toBeTruthy();
    expect(screen.getByText('Scan or search to add items')).toBeTruthy();

    // 4 in stock: the fifth is refused whether typed or stepped.
    await person().type(await searchBox(), '4006381333931{Enter}');
    const quantity = await screen.findByLabelText('Quantity of Linen Shirt · M / Red');
    await userEvent.clear(quantity);
    await person().type(quantity, '4{Enter}');
    await waitFor(() => expect(screen.getByLabelText('Quantity of Linen Shirt · M / Red')).toHaveProperty('value', '4'));
    await userEvent.click(screen.getByRole('button', { name: 'One more Linen Shirt · M / Red' }));
    expect(await screen.findByText('Only 4 of Linen Shirt · M / Red in stock at this outlet: this shop does not sell below zero.')).toBeTruthy();
    expect(screen.getByLabelText('Quantity of Linen Shirt · M / Red')).toHaveProperty('value', '4');
  });

  it('takes quantities in digits only, and asks before one above the shop’s figure', async () => {
    renderSell({ settings: { confirmQuantityAbove: 5 } });
    await ringUpCola();
    const quantity = () => screen.getByLabelText('Quantity of Cola Zero 330 ml');
    await userEvent.clear(quantity());
    await person().type(quantity(), '1e3{Enter}');
    expect(await screen.findByText('“1e3” is not a quantity: type whole units in digits, such as 3.')).toBeTruthy();
    expect(quantity()).toHaveProperty('value', '1');

    await userEvent.clear(quantity());
    await person().type(quantity(), '8{Enter}');
    const question = await screen.findByRole('dialog', { name: 'Sell 8 × Cola Zero 330 ml?' });
    // 8 × (1.50 + 0.25 deposit).
    expect(within(question).getByText('$14.00')).toBeTruthy();
    await userEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(quantity()).toHaveProperty('value', '1');
    expect(screen.getByLabelText('Sale total').textContent).toBe('$1.75');

    await userEvent.clear(quantity());
    await person().type(quantity(), '8{Enter}');
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Sell 8 × Cola Zero 330 ml?' })).getByRole('button', { name: 'Sell 8' }));
    await waitFor(() => expect(screen.getByLabelText('Sale total').textContent).toBe('$14.00'));
    expect(quantity()).toHaveProperty('value', '8');
  });

  it('pauses a second tab on the same register, which may take it over; never two tabs on one sale', async () => {
    const first = renderSell();
    await ringUpCola();
    const second = renderSell();
    const paused = await within(second.container).findByRole('alert');
    expect(paused.textContent).toContain('Till 1 is open in another tab.');
    expect(paused.textContent).toContain('Selling here is paused');
    expect(within(second.container).queryByRole('list', { name: 'Sale lines' })).toBeNull();

    await userEvent.click(within(second.container).getByRole('button', { name: 'Sell in this tab instead' }));
    expect(await within(second.container).findByText('Cola Zero 330 ml', { selector: 'p' })).toBeTruthy();
    expect((await within(first.container).findByRole('alert')).textContent).toContain('Till 1 is open in another tab.');
    expect(within(first.container).queryByRole('list', { name: 'Sale lines' })).toBeNull();
  });

  it('holds a sale, starts a new one, and resumes the held sale', async () => {
    // A register of its own: held sales stay in the browser across tests.
    renderSell({ registerId: 71 });
    await ringUpCola();
    await within(await saleLines()).findByText('Cola Zero 330 ml');
    await userEvent.keyboard('{F8}');
    expect(await screen.findByText('Sale held: 1 item · $1.75.')).toBeTruthy();
    expect(screen.getByText('Scan or search to add items')).toBeTruthy();

    await userEvent.click(await screen.findByRole('button', { name: 'Held sales (1)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Held sales (1)' });
    expect(within(dialog).getByText('1 item · $1.75')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Resume' }));
    expect(await within(await saleLines()).findByText('Cola Zero 330 ml')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Held sales (0)' })).toBeTruthy();
  });

  it('gives a percentage off one line and an amount off the sale from the keyboard', async () => {
    renderSell();
    await ringUpCola();
    await person().type(await searchBox(), 'COLA-330{Enter}');
    await waitFor(() => expect(screen.getByLabelText('Quantity of Cola Zero 330 ml')).toHaveProperty('value', '2'));
    await userEvent.click(screen.getByRole('button', { name: 'Discount' }));
    const lineDialog = await screen.findByRole('dialog', { name: 'Discount on Cola Zero 330 ml' });
    await waitFor(() => expect(document.activeElement).toBe(within(lineDialog).getByLabelText('Percent off')));
    await userEvent.keyboard('10{Enter}');
    expect(await screen.findByText('Line discount −$0.30')).toBeTruthy();

    await userEvent.keyboard('{F6}');
    const saleDialog = await screen.findByRole('dialog', { name: 'Discount on the sale' });
    await userEvent.click(within(saleDialog).getByLabelText(/Amount/));
    await userEvent.type(within(saleDialog).getByLabelText('Amount off'), '0.20{Enter}');
    // 2 × 1.50 − 0.30 − 0.20 in goods, plus 2 × 0.25 deposit.
    await waitFor(() => expect(screen.getByLabelText('Sale total').textContent).toBe('$3.00'));
  });

  it('keeps and shows the sale discount when the last line is removed', async () => {
    renderSell();
    await ringUpCola();
    await userEvent.keyboard('{F6}');
    const saleDialog = await screen.findByRole('dialog', { name: 'Discount on the sale' });
    await userEvent.click(within(saleDialog).getByLabelText(/Amount/));
    await userEvent.type(within(saleDialog).getByLabelText('Amount off'), '0.20{Enter}');
    await waitFor(() => expect(screen.getByLabelText('Sale total').textContent).toBe('$1.55'));

    await userEvent.click(screen.getByRole('button', { name: 'Remove Cola Zero 330 ml' }));
    expect(await screen.findByText('The sale discount (−$0.20) stays on this sale for the items you add next.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sale −$0.20' })).toHaveProperty('disabled', false);
    await ringUpCola();
    await waitFor(() => expect(screen.getByLabelText('Sale total').textContent).toBe('$1.55'));
  });

  it('keeps a scan made while the catalogue loads, and adds it once the catalogue is in', async () => {
    let answerSync = () => {};
    renderSell({ syncAnsweredAfter: new Promise<void>((resolve) => (answerSync = resolve)) });
    expect(await screen.findByRole('progressbar', { name: 'Loading the catalogue…' })).toBeTruthy();
    await userEvent.setup({ delay: null }).keyboard('5449000131805{Enter}');
    expect(await screen.findByText('The catalogue is loading: the scanned item is added as soon as it is in.')).toBeTruthy();
    expect((await searchBox()).getAttribute('value')).toBe('');
    answerSync();
    await waitFor(() => expect(screen.getByLabelText('Quantity of Cola Zero 330 ml')).toHaveProperty('value', '1'));
    expect(screen.queryByText(/The catalogue is loading/)).toBeNull();
  });

  it('shows the catalogue loading while the sale side is already there', async () => {
    renderSell({ isSyncPending: true });
    expect(await screen.findByRole('progressbar', { name: 'Loading the catalogue…' })).toBeTruthy();
    expect(screen.getByText('Scan or search to add items')).toBeTruthy();
    expect(screen.getByRole('button', { name: '+ Customer' })).toHaveProperty('disabled', false);
  });
});
