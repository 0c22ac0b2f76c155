import { z } from 'zod';
import { dataOf, queryBoolean } from './common.ts';
import { booleanField, optionalEmail, optionalText, requiredText } from './fields.ts';
import { listQuery, paginated } from './pagination.ts';
import { optionalMultiLineText } from './fields.ts';

/** A store: stock, registers and cashiers belong to one. */
export const outlet = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  taxNumber: z.string().nullable(),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Outlet = z.infer<typeof outlet>;

export const outletInput = z.object({
  name: requiredText('name', 120),
  // Short code that prefixes the outlet's order numbers (MAIN-000123).
  code: z
    .string({ error: 'The code field is required.' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{2,10}$/, 'The code must be 2 to 10 letters or digits, e.g. MAIN.'),
  address: optionalMultiLineText('address', 500),
  phone: optionalText('phone', 40),
  email: optionalEmail(),
  taxNumber: optionalText('tax number', 60),
  active: booleanField('active'),
});
export type OutletInput = z.input<typeof outletInput>;

export const outletListQuery = listQuery.extend({ active: queryBoolean.optional() });

export const outletPage = paginated(outlet);
export const outletResult = dataOf(outlet);
