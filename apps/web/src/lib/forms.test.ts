import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkedInput, readingSchema, type ReadResult } from './forms.ts';

const contract = z.object({ title: z.string().min(1, 'The title field is required.'), prices: z.array(z.number().int().min(0, 'The price may not be negative.')) });
const typed = z.object({ title: z.string(), prices: z.array(z.string()) });

/** Reads "12" as 12; anything else gets a message on its own row. */
function read(values: z.output<typeof typed>): ReadResult<z.input<typeof contract>> {
  const unreadable: Record<string, string> = {};
  const prices = values.prices.map((text, i) => {
    if (!/^-?\d+$/.test(text)) unreadable[`prices.${i}`] = 'Enter a whole number.';
    return Number(text) || 0;
  });
  return checkedInput(contract, { title: values.title, prices }, unreadable, /^(title|prices\.\d+)$/);
}

describe('readingSchema', () => {
  const schema = readingSchema(typed, read);

  it('hands on the payload when everything reads and the contract accepts it', () => {
    expect(schema.parse({ title: 'Cola', prices: ['12', '0'] })).toEqual({ title: 'Cola', prices: [12, 0] });
  });

  it('puts every message on its own field at once, nested rows by their index', () => {
    const result = schema.safeParse({ title: '', prices: ['12', 'x', '-3'] });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map(({ path, message }) => ({ path, message }))).toEqual([
      { path: ['title'], message: 'The title field is required.' },
      { path: ['prices', 2], message: 'The price may not be negative.' },
      { path: ['prices', 1], message: 'Enter a whole number.' },
    ]);
  });

  it('leaves what the form does not show to the server', () => {
    expect(checkedInput(contract, { title: 'Cola', prices: [-1] }, {}, /^title$/)).toEqual({ input: { title: 'Cola', prices: [-1] } });
  });
});
