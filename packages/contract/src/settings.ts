import { z } from 'zod';
import { cashierRights, defaultCashierRights } from './approvals.ts';
import { defaultGiftCardSettings, giftCardSettings } from './gift-cards.ts';
import { booleanField, integerField, requiredText, MAX_ID } from './fields.ts';
import { ORDER_MAX_QUANTITY } from './orders.ts';
import type { TaxRounding } from './pricing/types.ts';
import { canonicalTimeZone, systemTimeZone, timeZoneMessage } from './time-zone.ts';

/** `line`: every tax rounded on every line (the default); `sale`: every tax rounded once on the sale, per rate. */
export const taxRoundings = ['line', 'sale'] as const satisfies readonly TaxRounding[];

/** The shop's settings (GET /api/settings): read by every signed-in user, changed by administrators. */
export const shopSettings = z.object({
  businessName: z.string(),
  currency: z.string(),
  locale: z.string(),
  /** The shop's IANA time zone (time-zone.ts): days, receipts, the Z report and e-mails count in it. */
  timeZone: z.string(),
  logoUrl: z.string().nullable(),
  defaultTaxIds: z.array(z.number().int()),
  skuPattern: z.string(),
  defaultLowStockThreshold: z.number().int(),
  allowNegativeStock: z.boolean(),
  /** The cashier counts the drawer without seeing the expected figures (they show after the close). */
  blindClose: z.boolean(),
  /** The sell screen asks before a line's quantity goes above this (a typo like 99999 is a 213,997.86 line). */
  confirmQuantityAbove: z.number().int(),
  /** How sales round their taxes (docs/decisions/012-tax-rounding.md): on each line, or once per tax on the sale. */
  taxRounding: z.enum(taxRoundings),
  /** What a cashier may do without an administrator's approval (issue 16). */
  cashierRights,
  /** How long gift cards sold from now keep their balance (issue 16). */
  giftCards: giftCardSettings,
});
export type ShopSettings = z.infer<typeof shopSettings>;

export const defaultShopSettings: ShopSettings = {
  businessName: 'Tillbook',
  currency: 'USD',
  locale: 'en-US',
  // The server's zone for a shop that has chosen none; in the browser, its own until the settings load.
  timeZone: systemTimeZone(),
  logoUrl: null,
  defaultTaxIds: [],
  skuPattern: 'SKU-{seq:6}',
  defaultLowStockThreshold: 5,
  allowNegativeStock: false,
  blindClose: false,
  confirmQuantityAbove: 100,
  taxRounding: 'line',
  cashierRights: defaultCashierRights,
  giftCards: defaultGiftCardSettings,
};

function isCurrency(code: string): boolean {
  try {
    return Intl.supportedValuesOf('currency').includes(code);
  } catch {
    return /^[A-Z]{3}$/.test(code);
  }
}

function isLocale(tag: string): boolean {
  try {
    return Intl.getCanonicalLocales(tag).length === 1;
  } catch {
    return false;
  }
}

export const generalSettingsInput = z.object({
  businessName: requiredText('business name', 120),
  currency: z
    .string({ error: 'The currency field is required.' })
    .trim()
    .toUpperCase()
    .refine(isCurrency, 'The currency must be an ISO 4217 code such as USD, EUR or GBP.'),
  locale: z
    .string({ error: 'The locale field is required.' })
    .trim()
    .refine(isLocale, 'The locale must be a language tag such as en-US, de-DE or fr-CA.'),
  /** An IANA name, stored in its canonical spelling; left out, the shop keeps its zone. */
  timeZone: z
    .string({ error: timeZoneMessage })
    .trim()
    .transform((name, ctx) => {
      const canonical = canonicalTimeZone(name);
      if (canonical === null) ctx.addIssue({ code: 'custom', message: timeZoneMessage });
      return canonical ?? name;
    })
    .optional(),
});
export type GeneralSettingsInput = z.input<typeof generalSettingsInput>;

/** `{seq}` or `{seq:6}` (zero-padded to 6) is replaced by the next number: SKU-000042. */
export const skuPatternRule = /\{seq(?::([1-9]|1[0-2]))?\}/;

/** The SKU a pattern gives for a number: formatSku('SKU-{seq:6}', 42) → "SKU-000042". */
export function formatSku(pattern: string, sequence: number | string): string {
  return pattern.replace(new RegExp(skuPatternRule.source, 'g'), (_token, width?: string) =>
    String(sequence).padStart(width ? Number(width) : 0, '0'),
  );
}

export const productSettingsInput = z.object({
  defaultTaxIds: z
    .array(z.number().int().positive().max(MAX_ID), { error: 'The default taxes must be a list of taxes.' })
    .max(10, 'Choose at most 10 default taxes.'),
  skuPattern: requiredText('SKU pattern', 40).refine(
    (v) => skuPatternRule.test(v),
    'The SKU pattern must contain {seq} or {seq:N}, e.g. SKU-{seq:6}.',
  ),
  defaultLowStockThreshold: integerField('default low-stock threshold', { min: 0, max: 1_000_000 }),
  allowNegativeStock: booleanField('allow selling below zero stock'),
});
export type ProductSettingsInput = z.input<typeof productSettingsInput>;

/** PUT /api/settings/selling: how the sell screen guards what the cashier types. */
export const sellingSettingsInput = z.object({
  confirmQuantityAbove: integerField('quantity to confirm above', { min: 1, max: ORDER_MAX_QUANTITY }),
});
export type SellingSettingsInput = z.input<typeof sellingSettingsInput>;
/** PUT /api/settings/taxes: how sales round their taxes. Sales already made keep their figures. */
export const taxSettingsInput = z.object({
  taxRounding: z.enum(taxRoundings, { error: 'Choose how taxes are rounded: per line or per sale.' }),
});
export type TaxSettingsInput = z.input<typeof taxSettingsInput>;

export const shopSettingsResult = z.object({ data: shopSettings });
