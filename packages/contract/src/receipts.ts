import { z } from 'zod';
import { dataOf, queryBoolean } from './common.ts';
import { booleanField, requiredText, MAX_ID } from './fields.ts';
import { listQuery, paginated } from './pagination.ts';
import { optionalMultiLineText } from './fields.ts';

/** Thermal paper widths a template prints on, in millimetres. */
export const paperWidths = [58, 80] as const;
export type PaperWidth = (typeof paperWidths)[number];

/** Characters per line of a monospace receipt at each paper width. */
export const receiptLineWidth: Record<PaperWidth, number> = { 58: 32, 80: 48 };

/** What a receipt shows besides its lines and totals, in the order the form lists them. */
export const receiptToggles = [
  'showLogo',
  'showCashier',
  'showCustomer',
  'showTaxBreakdown',
  'showOrderBarcode',
  'showLoyaltyPoints',
  'showNote',
] as const;
export type ReceiptToggle = (typeof receiptToggles)[number];

export const receiptToggleLabels: Record<ReceiptToggle, string> = {
  showLogo: 'Logo',
  showCashier: 'Cashier',
  showCustomer: 'Customer',
  showTaxBreakdown: 'Tax breakdown',
  showOrderBarcode: 'Order barcode',
  showLoyaltyPoints: 'Loyalty points',
  showNote: 'Order note',
};

/** What a new template shows, and how a sale prints at a register that has no template. */
export const defaultReceiptToggles: Record<ReceiptToggle, boolean> = {
  showLogo: true,
  showCashier: true,
  showCustomer: true,
  showTaxBreakdown: true,
  showOrderBarcode: true,
  showLoyaltyPoints: false,
  showNote: true,
};

/** A receipt layout. Immutable: a change is a new template (no update endpoint). */
export const receiptTemplate = z.object({
  id: z.number().int(),
  name: z.string(),
  paperWidth: z.union([z.literal(58), z.literal(80)]),
  header: z.string().nullable(),
  footer: z.string().nullable(),
  showLogo: z.boolean(),
  showCashier: z.boolean(),
  showCustomer: z.boolean(),
  showTaxBreakdown: z.boolean(),
  showOrderBarcode: z.boolean(),
  showLoyaltyPoints: z.boolean(),
  showNote: z.boolean(),
  basedOnId: z.number().int().nullable(),
  archived: z.boolean(),
  createdAt: z.string(),
});
export type ReceiptTemplate = z.infer<typeof receiptTemplate>;

/** The values that decide how a receipt looks (what the preview needs). */
export type ReceiptLayout = Pick<ReceiptTemplate, 'paperWidth' | 'header' | 'footer' | ReceiptToggle>;

export const receiptTemplateInput = z.object({
  name: requiredText('name', 120),
  paperWidth: z.union([z.literal(58), z.literal(80)], { error: 'The paper width must be 58 or 80 mm.' }),
  header: optionalMultiLineText('header', 1000),
  footer: optionalMultiLineText('footer', 1000),
  showLogo: booleanField('show logo'),
  showCashier: booleanField('show cashier'),
  showCustomer: booleanField('show customer'),
  showTaxBreakdown: booleanField('show tax breakdown'),
  showOrderBarcode: booleanField('show order barcode'),
  showLoyaltyPoints: booleanField('show loyalty points'),
  showNote: booleanField('show note'),
  /** The template this one copies, recorded for its history. */
  basedOnId: z.number({ error: 'The copied template must be chosen from the list.' }).int().positive().max(MAX_ID).nullish().transform((v) => v ?? null),
});
export type ReceiptTemplateInput = z.input<typeof receiptTemplateInput>;

export const receiptTemplateListItem = receiptTemplate.extend({ registerCount: z.number().int() });
export type ReceiptTemplateListItem = z.infer<typeof receiptTemplateListItem>;

export const receiptTemplateListQuery = listQuery.extend({ archived: queryBoolean.optional() });

export const receiptTemplatePage = paginated(receiptTemplateListItem);
export const receiptTemplateResult = dataOf(receiptTemplate);

/** Compact rows for pickers: non-archived templates with their width. */
export const receiptTemplateOption = z.object({ id: z.number().int(), name: z.string(), paperWidth: z.number().int() });
export type ReceiptTemplateOption = z.infer<typeof receiptTemplateOption>;
export const receiptTemplateOptions = z.object({ data: z.array(receiptTemplateOption) });
