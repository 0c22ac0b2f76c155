import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useHeldSales } from './held-sales.ts';

type Parked = { lines: string[] };

/** Each test parks on its own register: the database is the browser's, shared by every test. */
let nextRegister = 500;

async function heldSalesOf(registerId: number) {
  const hook = renderHook(({ id }) => useHeldSales<Parked>(id), { initialProps: { id: registerId } });
  await waitFor(() => expect(hook.result.current.isLoading).toBe(false));
  return hook;
}

describe('useHeldSales', () => {
  it('parks sales per register, newest first, and keeps them for the next time the screen opens', async () => {
    const registerId = (nextRegister += 1);
    const { result, unmount } = await heldSalesOf(registerId);
    expect(result.current.sales).toEqual([]);

    let first!: Awaited<ReturnType<typeof result.current.hold>>;
    await act(async () => {
      first = await result.current.hold('1 item · $4.00', { lines: ['cola'] });
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await act(async () => {
      await result.current.hold('2 items · Alex Morgan · $42.10', { lines: ['shirt', 'shorts'] });
    });
    expect(first).toMatchObject({ registerId, label: '1 item · $4.00', data: { lines: ['cola'] } });
    expect(first.id).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(result.current.sales.map((s) => s.label)).toEqual(['2 items · Alex Morgan · $42.10', '1 item · $4.00']));
    unmount();

    const other = await heldSalesOf(registerId + 1000);
    expect(other.result.current.sales).toEqual([]);
    const again = await heldSalesOf(registerId);
    await waitFor(() => expect(again.result.current.sales).toHaveLength(2));
    expect(again.result.current.sales[1]).toEqual(first);
  });

  it('resumes a sale once: taking it removes it from the list', async () => {
    const { result } = await heldSalesOf((nextRegister += 1));
    let held!: Awaited<ReturnType<typeof result.current.hold>>;
    await act(async () => {
      held = await result.current.hold('1 item · $4.00', { lines: ['cola'] });
    });
    await waitFor(() => expect(result.current.sales).toHaveLength(1));

    let taken: Awaited<ReturnType<typeof result.current.take>> = null;
    await act(async () => {
      taken = await result.current.take(held.id);
    });
    expect(taken).toEqual(held);
    await waitFor(() => expect(result.current.sales).toEqual([]));
    await act(async () => {
      taken = await result.current.take(held.id);
    });
    expect(taken).toBeNull();
  });

  it('discards a parked sale', async () => {
    const { result } = await heldSalesOf((nextRegister += 1));
    await act(async () => {
      await result.current.hold('keep', { lines: ['a'] });
      const gone = await result.current.hold('drop', { lines: ['b'] });
      await result.current.discard(gone.id);
    });
    await waitFor(() => expect(result.current.sales.map((s) => s.label)).toEqual(['keep']));
  });

  it('shows the list of the register the screen is on now', async () => {
    const registerId = (nextRegister += 1);
    const hook = await heldSalesOf(registerId);
    await act(async () => {
      await hook.result.current.hold('on the first register', { lines: [] });
    });
    await waitFor(() => expect(hook.result.current.sales).toHaveLength(1));
    hook.rerender({ id: registerId + 1000 });
    expect(hook.result.current.sales).toEqual([]);
    await waitFor(() => expect(hook.result.current.isLoading).toBe(false));
    expect(hook.result.current.sales).toEqual([]);
  });
});
