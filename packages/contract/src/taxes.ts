import { z } from 'zod';
import { bulkInput, dataOf, queryBoolean } from './common.ts';
import { whenValid } from './cross-field.ts';
import { booleanField, requiredText } from './fields.ts';
import { listQuery, paginated } from './pagination.ts';
import { formatPercent, parsePercent } from './pricing/index.ts';

/**
 * A percentage typed by a person or sent by a client, as exact decimal text ("7.5", "8.875").
 * It is checked with the pricing engine's parser and comes out normalised ("7,50" → "7.5"), so
 * the output is valid input again; the server stores `parsePercent(rate)` as `rateE4`.
 */
export function percentText(options: { label?: string; isZeroAllowed: boolean }) {
  const label = options.label ?? 'rate';
  const message = options.isZeroAllowed
    ? `The ${label} must be a percentage between 0 and 100 with at most 4 decimals.`
    : `The ${label} must be a percentage above 0 and at most 100 with at most 4 decimals.`;
  return z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? `The ${label} field is required.` : message) })
    .trim()
    // No `abort`: an explicitly aborted field would stop the form's other rules (cross-field.ts).
    .min(1, `The ${label} field is required.`)
    .refine((text) => {
      if (text === '') return true;
      const rateE4 = parsePercent(text);
      return rateE4 !== null && (options.isZeroAllowed || rateE4 > 0);
    }, message)
    .transform((text) => formatPercent(parsePercent(text) ?? 0));
}

/** rateE4 of a rate that `percentText` accepted. */
export function rateE4Of(rate: string): number {
  const rateE4 = parsePercent(rate);
  if (rateE4 === null) throw new RangeError(`Not a percentage: ${rate}`);
  return rateE4;
}

export const tax = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The percentage as exact decimal text, for people and forms: "7.5". */
  rate: z.string(),
  /** The same in ten-thousandths of a percent, for the pricing engine: 75000. */
  rateE4: z.number().int(),
  /** The price already contains the tax (extracted), instead of the tax being added on top. */
  isInclusive: z.boolean(),
  /** Worked out on the price plus the taxes before it (tax on tax). */
  isCompound: z.boolean(),
  active: z.boolean(),
  /** Products that carry this tax. */
  productCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Tax = z.infer<typeof tax>;

// Starts with "The" so the server's error plugin passes it on as written (plugins/errors.ts).
export const compoundInclusiveMessage = 'The tax cannot be compound when it is included in the price.';

export const taxInput = z
  .object({
    name: requiredText('name', 120),
    rate: percentText({ isZeroAllowed: true }),
    isInclusive: booleanField('inclusive'),
    isCompound: booleanField('compound'),
    active: booleanField('active'),
  })
  // A price cannot contain a tax that is added after the others; the engine could extract one,
  // but no shop has asked for it and a receipt could not explain it.
  .refine((values) => !(values.isInclusive && values.isCompound), { path: ['isCompound'], message: compoundInclusiveMessage, ...whenValid('isInclusive', 'isCompound') });
export type TaxInput = z.input<typeof taxInput>;
export type TaxValues = z.output<typeof taxInput>;

export const taxListQuery = listQuery.extend({
  active: queryBoolean.optional(),
  isInclusive: queryBoolean.optional(),
});

export const taxPage = paginated(tax);
export const taxResult = dataOf(tax);

/** GET /api/taxes/list: the active taxes, shaped for pickers and for the pricing engine. */
export const taxListItem = z.object({
  id: z.number().int(),
  name: z.string(),
  rateE4: z.number().int(),
  isInclusive: z.boolean(),
  isCompound: z.boolean(),
});
export type TaxListItem = z.infer<typeof taxListItem>;
export const taxListResult = dataOf(z.array(taxListItem));

export const taxBulkActions = ['activate', 'deactivate', 'delete'] as const;
export const taxBulkInput = bulkInput(taxBulkActions, z.object({}));
export type TaxBulkInput = z.input<typeof taxBulkInput>;
