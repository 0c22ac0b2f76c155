import type { Attribute } from '@tillbook/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../testing/render.tsx';
import { HttpResponse, invalid, recordRequests, rest, server } from '../../testing/server.ts';
import { AttributeFormPage } from './attribute-form-page.tsx';

const size: Attribute = {
  id: 7,
  name: 'Size',
  options: [
    { id: 71, attributeId: 7, name: 'S', position: 0, isUsed: false },
    { id: 72, attributeId: 7, name: 'M', position: 1, isUsed: true },
    { id: 73, attributeId: 7, name: 'L', position: 2, isUsed: false },
  ],
  productCount: 1,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
};

function renderForm(path = '/products/attributes/new') {
  const { router } = renderScreen(<AttributeFormPage />, {
    path,
    pattern: path.endsWith('/new') ? path : '/products/attributes/:id/edit',
    routes: [{ path: '/products/attributes', element: <h1>Attribute list</h1> }],
  });
  return router;
}

function optionInputs(): HTMLInputElement[] {
  return within(screen.getByRole('list', { name: 'Options' })).getAllByRole('textbox') as HTMLInputElement[];
}

function optionValues(): string[] {
  return optionInputs().map((input) => input.value);
}

async function addOptions(...names: string[]) {
  for (const name of names) await userEvent.type(screen.getByLabelText('New option'), `${name}{Enter}`);
}

describe('AttributeFormPage option list', () => {
  it('adds options with Enter, keeps focus in the new-option box and refuses a repeated one', async () => {
    renderForm();
    expect(screen.getByText('No options yet. Type the first one below and press Enter.')).toBeTruthy();
    await addOptions('S', 'M', 'L');
    expect(optionValues()).toEqual(['S', 'M', 'L']);
    const newOption = screen.getByLabelText('New option') as HTMLInputElement;
    expect(newOption.value).toBe('');
    expect(document.activeElement).toBe(newOption);

    await userEvent.type(newOption, 'm{Enter}');
    expect(screen.getByRole('alert').textContent).toBe('“m” is already in the list.');
    expect(optionValues()).toEqual(['S', 'M', 'L']);
    expect(newOption.value).toBe('m');
  });

  it('adds one option per pasted line', async () => {
    renderForm();
    await userEvent.click(screen.getByLabelText('New option'));
    await userEvent.paste('XS\nS\r\n\nM');
    expect(optionValues()).toEqual(['XS', 'S', 'M']);
  });

  it('reorders with the arrow buttons and Alt+arrows, keeping focus on the moved option, and removes rows', async () => {
    renderForm();
    await addOptions('S', 'M', 'L');

    await userEvent.click(screen.getByRole('button', { name: 'Move L up' }));
    expect(optionValues()).toEqual(['S', 'L', 'M']);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move L up' }));
    await userEvent.keyboard('{Enter}');
    expect(optionValues()).toEqual(['L', 'S', 'M']);
    // At the top "up" is disabled: focus falls back to the option's own field.
    expect(document.activeElement).toBe(optionInputs()[0]);

    await userEvent.keyboard('{Alt>}{ArrowDown}{/Alt}');
    expect(optionValues()).toEqual(['S', 'L', 'M']);
    expect(document.activeElement).toBe(optionInputs()[1]);

    expect((screen.getByRole('button', { name: 'Move S up' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Move M down' }) as HTMLButtonElement).disabled).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Remove L' }));
    expect(optionValues()).toEqual(['S', 'M']);
    expect(document.activeElement).toBe(optionInputs()[1]);
  });

  it('moves on to the next option with Enter instead of saving', async () => {
    const sent = recordRequests();
    renderForm();
    await addOptions('S', 'M');
    await userEvent.click(optionInputs()[0] as HTMLInputElement);
    await userEvent.keyboard('{Enter}');
    expect(document.activeElement).toBe(optionInputs()[1]);
    await userEvent.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByLabelText('New option'));
    expect(sent.find('POST', '/api/attributes/create')).toBeUndefined();
  });

  it('creates the attribute with its options in order, including one still in the new-option box', async () => {
    const sent = recordRequests();
    server.use(rest.post('/api/attributes/create', () => HttpResponse.json({ data: size })));
    const router = renderForm();
    await userEvent.type(screen.getByLabelText('Name'), 'Size');
    await addOptions('S', 'M');
    await userEvent.type(screen.getByLabelText('New option'), 'L');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/products/attributes'));
    expect(sent.find('POST', '/api/attributes/create')?.body).toEqual({ name: 'Size', options: [{ name: 'S' }, { name: 'M' }, { name: 'L' }] });
  });

  it('checks the form before sending: a name and at least one option', async () => {
    const sent = recordRequests();
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The name field is required.')).toBeTruthy();
    expect(screen.getByText('The attribute needs at least one option.')).toBeTruthy();
    expect(sent.find('POST', '/api/attributes/create')).toBeUndefined();
  });

  it('puts the server’s 422 on the right row and keeps everything typed', async () => {
    server.use(
      rest.post('/api/attributes/create', () =>
        invalid(
          { name: ['An attribute with this name already exists.'], 'options.1.name': ['The option “M” appears more than once.'] },
          'An attribute with this name already exists.',
        ),
      ),
    );
    renderForm();
    await userEvent.type(screen.getByLabelText('Name'), 'Size');
    await addOptions('S', 'M');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('An attribute with this name already exists.')).toBeTruthy();
    const secondRow = screen.getAllByRole('listitem')[1] as HTMLElement;
    expect(within(secondRow).getByText('The option “M” appears more than once.')).toBeTruthy();
    expect(optionInputs()[1]?.getAttribute('aria-invalid')).toBe('true');
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Size');
    expect(optionValues()).toEqual(['S', 'M']);
  });
});

describe('AttributeFormPage editing', () => {
  it('keeps the ids of kept options, sends new ones without, and will not remove an option in use', async () => {
    const sent = recordRequests();
    server.use(
      rest.get('/api/attributes/7/edit', () => HttpResponse.json({ data: size })),
      rest.put('/api/attributes/7/edit', () => HttpResponse.json({ data: size })),
    );
    renderForm('/products/attributes/7/edit');
    expect(await screen.findByRole('heading', { name: 'Edit attribute' })).toBeTruthy();
    expect(optionValues()).toEqual(['S', 'M', 'L']);
    expect((screen.getByRole('button', { name: 'Remove M' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('In use')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Remove S' }));
    await userEvent.clear(optionInputs()[1] as HTMLInputElement);
    await userEvent.type(optionInputs()[1] as HTMLInputElement, 'Large');
    await addOptions('XL');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sent.find('PUT', '/api/attributes/7/edit')?.body).toEqual({
        name: 'Size',
        options: [{ id: 72, name: 'M' }, { id: 73, name: 'Large' }, { name: 'XL' }],
      }),
    );
  });

  it('shows a 409 above the form and keeps the changes', async () => {
    const message = 'The option “M” is used by 2 product variants, so it cannot be removed. Remove those variants from their products first.';
    server.use(
      rest.get('/api/attributes/7/edit', () => HttpResponse.json({ data: { ...size, options: size.options.map((o) => ({ ...o, isUsed: false })) } })),
      rest.put('/api/attributes/7/edit', () => HttpResponse.json({ message }, { status: 409 })),
    );
    renderForm('/products/attributes/7/edit');
    await screen.findByRole('heading', { name: 'Edit attribute' });
    await userEvent.click(screen.getByRole('button', { name: 'Remove M' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(optionValues()).toEqual(['S', 'L']);
  });

  it('says so when the attribute cannot be loaded', async () => {
    server.use(rest.get('/api/attributes/99/edit', () => HttpResponse.json({ message: 'Not found.' }, { status: 404 })));
    renderForm('/products/attributes/99/edit');
    expect((await screen.findByRole('alert')).textContent).toBe('Not found.');
  });
});
