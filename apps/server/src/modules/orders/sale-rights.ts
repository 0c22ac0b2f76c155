/**
 * A cashier's manual discounts and price overrides against the shop's cashier rights (issue 16).
 * Beyond them the sale needs an administrator's approval, sent with the sale (a 422 on `approval`
 * asks for it): the approval is stored before the sale, which then refers to it. Administrators
 * are never limited. Coupons and rewards are not manual discounts and are never limited.
 * Once the sale is stored, its manual discounts and overrides are written to the audit log.
 */
import {
  manualChangesOf,
  moneyFormatterOf,
  percentLabel,
  rightsNeededFor,
  isAboveDiscountRight,
  type ApprovalAction,
  type ManualChanges,
  type ManualDiscount,
  type orderCreateInput,
  type PricingDiscount,
  type ShopSettings,
} from '@tillbook/contract';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import { approvalFor, verifyApproval, type VerifiedApprover } from '../approvals/service.ts';
import { recordAudit, type AuditActor } from '../audit/service.ts';
import { getShopSettings } from '../settings/service.ts';
import type { PricedSaleFromDb } from './pricing.ts';

type OrderCreateValues = z.output<typeof orderCreateInput>;
type Requester = { id: number; type: 'administrator' | 'cashier' };
type Till = { id: number; outletId: number };

/** What the sale changed by hand, the shop's settings (read only when it did), and the approval given for it. */
export type SaleRightsVerdict = {
  changes: ManualChanges;
  settings: ShopSettings | null;
  approval: (VerifiedApprover & { id: number }) | null;
  /** Which kinds of change needed the approval. */
  approved: { discount: boolean; priceOverride: boolean };
};

function changesOf(sale: PricedSaleFromDb, input: OrderCreateValues): ManualChanges {
  // A coupon or a reward off the sale takes the place of the manual sale discount.
  const isManual = !sale.coupon && !(sale.reward && sale.reward.kind !== 'product');
  return manualChangesOf(
    sale.lines,
    sale.priced.cart,
    { discount: input.orderDiscount as PricingDiscount | null, manual: isManual },
    sale.priced.loyalty?.rewardLine ?? -1,
  );
}

/**
 * Before the sale is stored: whether its manual discounts and prices are within the seller's
 * rights; beyond them the approval sent with the sale is checked (a wrong PIN is a 422 on
 * `approval.pin`) and stored, or a 422 on `approval` says why one is needed. A sale without
 * manual changes reads nothing.
 */
export async function approveSaleChanges(
  db: Db,
  sale: PricedSaleFromDb,
  input: OrderCreateValues,
  seller: Requester,
  till: Till,
  ip: string,
): Promise<SaleRightsVerdict> {
  const changes = changesOf(sale, input);
  const none = { discount: false, priceOverride: false };
  if (changes.discounts.length === 0 && changes.overrides.length === 0) return { changes, settings: null, approval: null, approved: none };
  const settings = await getShopSettings(db);
  if (seller.type !== 'cashier') return { changes, settings, approval: null, approved: none };
  const rights = settings.cashierRights;
  const needed = rightsNeededFor(changes, rights);
  if (!needed) return { changes, settings, approval: null, approved: none };

  const above = changes.discounts.filter((d) => isAboveDiscountRight(d.rateE4, rights));
  const approved = { discount: above.length > 0, priceOverride: !rights.priceOverride && changes.overrides.length > 0 };
  const action: ApprovalAction = approved.priceOverride ? 'price_override' : 'discount';
  const amount = approved.priceOverride ? (changes.overrides[0]?.to ?? null) : Math.max(...above.map((d) => d.rateE4));
  const verified = await verifyApproval(db, input.approval, ip);
  const approval = await approvalFor(db, needed, verified, {
    action,
    requester: seller,
    outletId: till.outletId,
    registerId: till.id,
    amount,
    detail: needed,
  });
  return { changes, settings, approval, approved };
}

/** "25 %", or "$2.00 (20 %)" for an amount. */
function discountText(d: ManualDiscount, format: (minor: number) => string): string {
  const percent = percentLabel(d.discount, d.rateE4);
  return d.discount.kind === 'amount' ? `${format(d.off)} (${percent})` : percent;
}

/** After the sale is stored: one `sale.discount` and one `sale.price_override` row, when it has such changes. */
export async function auditSaleChanges(
  db: DbOrTx,
  actor: AuditActor,
  verdict: SaleRightsVerdict,
  order: { id: number; number: string; outletId: number; registerId: number },
): Promise<void> {
  const { changes, settings, approval, approved } = verdict;
  if (!settings) return;
  const format = moneyFormatterOf(settings);
  const by = (isApproved: boolean) => (isApproved && approval ? { approverId: approval.approverId, approverName: approval.approverName } : null);
  const approvedBy = (isApproved: boolean) => (isApproved && approval ? `, approved by ${approval.approverName}` : '');
  const common = { subject: { type: 'order', id: order.id }, outletId: order.outletId, registerId: order.registerId };

  if (changes.discounts.length > 0) {
    const [only] = changes.discounts;
    const summary =
      changes.discounts.length === 1 && only
        ? `Discount ${discountText(only, format)} on ${only.title} on ${order.number}`
        : `Discounts on ${order.number}: ${changes.discounts.map((d) => `${discountText(d, format)} on ${d.title}`).join(', ')}`;
    await recordAudit(db, actor, {
      ...common,
      action: 'sale.discount',
      summary: `${summary}${approvedBy(approved.discount)}`,
      after: { discounts: changes.discounts.map((d) => ({ on: d.title, line: d.lineIndex, ...d.discount, off: d.off, rateE4: d.rateE4 })) },
      approval: by(approved.discount),
    });
  }
  if (changes.overrides.length > 0) {
    const prices = changes.overrides.map((o) => `${o.title} ${format(o.from)} → ${format(o.to)}`).join(', ');
    await recordAudit(db, actor, {
      ...common,
      action: 'sale.price_override',
      summary: `Price changed on ${order.number}: ${prices}${approvedBy(approved.priceOverride)}`,
      before: { lines: changes.overrides.map((o) => ({ title: o.title, line: o.lineIndex, unitPrice: o.from })) },
      after: { lines: changes.overrides.map((o) => ({ title: o.title, line: o.lineIndex, unitPrice: o.to })) },
      approval: by(approved.priceOverride),
    });
  }
}
