import {
  MAX_MONEY,
  moneyFormatterOf,
  priceSale,
  type Coupon,
  type LoyaltyRules,
  type PricedSale,
  type PricingDiscount,
  type SaleLine,
  type saleInput,
  type TaxRounding,
} from '@tillbook/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import type { CustomerRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { findCouponByCode } from '../coupons/service.ts';
import { loyaltyForSale, type SaleRewardRecord } from '../rewards/service.ts';
import { getShopSettings } from '../settings/service.ts';
import { loadSellableVariants, type SellableVariant } from './pricing-source.ts';
import { countCouponUsesOfCustomer, findCustomer } from './queries.ts';

type SaleValues = z.output<typeof saleInput>;

export type PricedSaleFromDb = {
  lines: SaleLine[];
  variants: Map<number, SellableVariant>;
  priced: PricedSale;
  coupon: Coupon | null;
  customer: CustomerRow | null;
  /** The reward the sale takes, as the order records it. */
  reward: SaleRewardRecord;
  /** The shop's loyalty rules when the sale has a customer. */
  loyaltyRules: LoyaltyRules | null;
};


async function couponByCode(db: DbOrTx, code: string | null): Promise<Coupon | null | 'unknown'> {
  if (!code) return null;
  try {
    return await findCouponByCode(db, code);
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) return 'unknown';
    throw error;
  }
}

async function customerUses(db: DbOrTx, couponId: number, customerId: number | null): Promise<number> {
  return customerId === null ? 0 : countCouponUsesOfCustomer(db, couponId, customerId);
}

/**
 * Prices a sale from the database with the engine the screen uses (contract sale.ts): every
 * variant must be on sale, the customer must exist and the coupon must apply, else one 422 with
 * each problem on its field (`lines.N.variantId`, `customerId`, `couponCode`). The taxes are
 * rounded as the shop's settings say (`taxRounding`, read here unless the caller has it); the
 * settings are read as well when a coupon's message may need its currency.
 */
export async function priceSaleFromDb(
  db: DbOrTx,
  values: SaleValues,
  options: { now?: Date; variants?: Map<number, SellableVariant>; taxRounding?: TaxRounding } = {},
): Promise<PricedSaleFromDb> {
  const now = options.now ?? new Date();
  const [variants, coupon, customerRows, settings] = await Promise.all([
    options.variants ??
      loadSellableVariants(
        db,
        values.lines.map((line) => line.variantId),
      ),
    couponByCode(db, values.couponCode),
    values.customerId === null ? Promise.resolve(undefined) : findCustomer(db, values.customerId),
    values.couponCode || !options.taxRounding ? getShopSettings(db) : Promise.resolve(null),
  ]);
  const errors: Record<string, string[]> = {};
  const lines: SaleLine[] = [];
  values.lines.forEach((line, index) => {
    const variant = variants.get(line.variantId);
    if (!variant) errors[`lines.${index}.variantId`] = ['This product no longer exists.'];
    else if (!variant.sellable) errors[`lines.${index}.variantId`] = [`${describeItem(variant)} is not on sale.`];
    else lines.push({ item: variant.item, quantity: line.quantity, discount: line.discount as PricingDiscount | null, unitPrice: line.unitPrice });
  });
  const customer = customerRows ?? null;
  if (values.customerId !== null && !customer) errors.customerId = ['The chosen customer does not exist.'];
  if (coupon === 'unknown') errors.couponCode = ['No coupon has this code.'];
  if (Object.keys(errors).length) throw AppError.validation(errors);

  const foundCoupon = coupon === 'unknown' ? null : coupon;
  const context = foundCoupon
    ? {
        rule: foundCoupon,
        context: {
          now,
          customerUses: await customerUses(db, foundCoupon.id, customer?.id ?? null),
          hasCustomer: customer !== null,
          formatMoney: settings ? moneyFormatterOf(settings) : undefined,
          timeZone: settings?.timeZone,
        },
      }
    : null;
  const taxRounding = options.taxRounding ?? settings?.taxRounding ?? 'line';
  const { loyalty, reward } = await loyaltyForSale(db, customer, values.redemption, now);
  const priced = priceSaleWithinLimits(lines, values.orderDiscount as PricingDiscount | null, context, taxRounding, loyalty);
  if (priced.coupon && !priced.coupon.ok) throw AppError.validation({ couponCode: [priced.coupon.message] });
  const loyaltyErrors = Object.entries(priced.loyalty?.errors ?? {});
  if (loyaltyErrors.length) throw AppError.validation(Object.fromEntries(loyaltyErrors.map(([field, message]) => [field, [message]])));
  return { lines, variants, priced, coupon: foundCoupon, customer, reward, loyaltyRules: loyalty?.rules ?? null };
}

const tooLargeMessage = 'The sale is larger than one sale may be: ring it up as several sales.';

/**
 * A sale's figures land in bigint columns and are summed into drawer and customer totals, so a
 * sale may come to at most MAX_MONEY, like any amount of the contract (DESIGN.md §3). Beyond what
 * the engine can count exactly it refuses with a RangeError: the same 422, never a 500.
 */
function priceSaleWithinLimits(...args: Parameters<typeof priceSale>): PricedSale {
  let priced: PricedSale;
  try {
    priced = priceSale(...args);
  } catch (error) {
    if (error instanceof RangeError) throw AppError.validation({ lines: [tooLargeMessage] });
    throw error;
  }
  const { subtotal, total } = priced.cart;
  if (subtotal > MAX_MONEY || total > MAX_MONEY) throw AppError.validation({ lines: [tooLargeMessage] });
  return priced;
}

/** "Linen shirt — M / Blue", or the title alone for a product without variants. */
export function describeItem(variant: Pick<SellableVariant, 'item'>): string {
  return variant.item.variantName ? `${variant.item.title} — ${variant.item.variantName}` : variant.item.title;
}
