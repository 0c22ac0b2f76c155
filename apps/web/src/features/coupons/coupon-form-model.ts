import { couponInput, localDateTimeInput, zonedDateTime, type Coupon, type CouponInput, type MoneyReader } from '@tillbook/contract';
import { z } from 'zod';

/** What the form holds: sums and counts as typed ("5.00", "100"), moments as datetime-local text. */
const couponFormShape = z.object({
  code: z.string(),
  name: z.string(),
  kind: z.enum(['percentage', 'fixed']),
  rate: z.string(),
  amount: z.string(),
  validFrom: z.string(),
  validUntil: z.string(),
  minimumTotal: z.string(),
  maximumDiscount: z.string(),
  usageLimit: z.string(),
  perCustomerLimit: z.string(),
  appliesTo: z.enum(['all', 'some']),
  categoryIds: z.array(z.number()),
  productIds: z.array(z.number()),
  active: z.boolean(),
});
export type CouponForm = z.input<typeof couponFormShape>;

export const blankCoupon: CouponForm = {
  code: '',
  name: '',
  kind: 'percentage',
  rate: '',
  amount: '',
  validFrom: '',
  validUntil: '',
  minimumTotal: '',
  maximumDiscount: '',
  usageLimit: '',
  perCustomerLimit: '',
  appliesTo: 'all',
  categoryIds: [],
  productIds: [],
  active: true,
};

// No 0/O, 1/I/L: a code read aloud or off a flyer is typed right the first time.
const readableAlphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A random code like "K7PX-3MQ9". */
export function generateCouponCode(random: (size: number) => Uint8Array = (size) => crypto.getRandomValues(new Uint8Array(size))): string {
  const chars = [...random(8)].map((byte) => readableAlphabet[byte % readableAlphabet.length]).join('');
  return `${chars.slice(0, 4)}-${chars.slice(4)}`;
}

/** ISO timestamp → "2026-03-03T09:30" on the shop's clock (its time zone), for datetime-local. */
export function toLocalInput(iso: string | null, timeZone: string): string {
  return iso ? localDateTimeInput(iso, timeZone) : '';
}

/** "2026-03-03T09:30" on the shop's clock → ISO timestamp; empty → null; unreadable → the text as typed. */
export function fromLocalInput(text: string, timeZone: string): string | null {
  if (text.trim() === '') return null;
  return zonedDateTime(text, timeZone)?.toISOString() ?? text;
}

export function toCouponForm(coupon: Coupon, reader: MoneyReader, timeZone: string): CouponForm {
  const money = (minor: number | null) => (minor === null ? '' : reader.toInput(minor));
  const count = (value: number | null) => (value === null ? '' : String(value));
  return {
    code: coupon.code,
    name: coupon.name,
    kind: coupon.kind,
    rate: coupon.rate ?? '',
    amount: coupon.kind === 'fixed' ? money(coupon.amount) : '',
    validFrom: toLocalInput(coupon.validFrom, timeZone),
    validUntil: toLocalInput(coupon.validUntil, timeZone),
    minimumTotal: money(coupon.minimumTotal),
    maximumDiscount: money(coupon.maximumDiscount),
    usageLimit: count(coupon.usageLimit),
    perCustomerLimit: count(coupon.perCustomerLimit),
    appliesTo: coupon.appliesTo,
    categoryIds: coupon.categoryIds,
    productIds: coupon.productIds,
    active: coupon.active,
  };
}

type Parsed<T> = { value: T } | { error: string };

/** Typed money → minor units in the shop's locale (never parseFloat); empty → null. */
export function moneyOf(text: string, money: MoneyReader): Parsed<number | null> {
  if (text.trim() === '') return { value: null };
  const result = money.parse(text);
  if (!result.ok) return { error: result.message };
  return { value: result.minor };
}

function countOf(text: string, label: string): Parsed<number | null> {
  const trimmed = text.trim();
  if (trimmed === '') return { value: null };
  if (/^-\d+$/.test(trimmed)) return { error: `The ${label} may not be negative.` };
  if (!/^\d{1,12}$/.test(trimmed)) return { error: `The ${label} must be a whole number.` };
  return { value: Number(trimmed) };
}

/** The form's values as the API takes them, plus the messages of what could not be read. */
export function toCouponInput(values: CouponForm, money: MoneyReader, timeZone: string): { input: CouponInput; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const read = <T>(field: string, parsed: Parsed<T>, fallback: unknown): T => {
    if ('error' in parsed) {
      errors[field] = parsed.error;
      return fallback as T;
    }
    return parsed.value;
  };
  const amount = values.kind === 'fixed' ? read('amount', moneyOf(values.amount, money), 1) : undefined;
  const input: CouponInput = {
    code: values.code,
    name: values.name,
    kind: values.kind,
    rate: values.kind === 'percentage' ? values.rate : undefined,
    amount,
    validFrom: fromLocalInput(values.validFrom, timeZone),
    validUntil: fromLocalInput(values.validUntil, timeZone),
    minimumTotal: read('minimumTotal', moneyOf(values.minimumTotal, money), null),
    maximumDiscount: read('maximumDiscount', moneyOf(values.maximumDiscount, money), null),
    usageLimit: read('usageLimit', countOf(values.usageLimit, 'usage limit'), null),
    perCustomerLimit: read('perCustomerLimit', countOf(values.perCustomerLimit, 'per-customer limit'), null),
    appliesTo: values.appliesTo,
    categoryIds: values.categoryIds,
    productIds: values.productIds,
    active: values.active,
  };
  return { input, errors };
}

/**
 * The form's schema: typed sums and counts become numbers, then the contract's schema checks the
 * whole. What cannot be read gets its own message on its field; everything else is the contract's wording.
 */
export function couponFormSchema(money: MoneyReader, timeZone: string) {
  return couponFormShape.transform((values, ctx) => {
    const { input, errors: unreadable } = toCouponInput(values, money, timeZone);
    const checked = couponInput.safeParse(input);
    for (const issue of checked.error?.issues ?? []) {
      if (!(String(issue.path[0]) in unreadable)) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    }
    for (const [field, message] of Object.entries(unreadable)) ctx.addIssue({ code: 'custom', path: [field], message });
    return checked.success && Object.keys(unreadable).length === 0 ? checked.data : z.NEVER;
  });
}
