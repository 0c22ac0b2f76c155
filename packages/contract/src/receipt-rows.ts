import { tenderLabels } from './cashbox.ts';
import { formatGiftCardCode, maskGiftCardCode, type OrderGiftCard } from './gift-cards.ts';
import type { Order } from './orders.ts';
import { formatPercent } from './pricing/index.ts';
import { defaultReceiptToggles, receiptLineWidth, type ReceiptLayout } from './receipts.ts';
import { amountLines as pair, centredLines as centred, textCells, wrapCells } from './receipt-text.ts';
import { localDateOf, localDateTimeText } from './time-zone.ts';

/** One sold line as printed. `total` is the amount on the line's first row (before its discount). */
export type ReceiptLine = {
  name: string;
  quantity: number;
  total: number;
  /** "M / Red"; empty or absent for a product without variants. */
  variantName?: string;
  /** Printed under the line ("@ 3.50") when more than one unit was sold. */
  unitPrice?: number;
  /** The line's own discount, printed under it. */
  discount?: number;
  /** What the discount under the line is called ("Reward: Free coffee"); "Discount" when absent. */
  discountName?: string;
};

/** A named amount under the subtotal: a discount, a charge or a tax. */
export type ReceiptAmount = { name: string; amount: number };

/** What a receipt prints about one order. Amounts are minor units. */
export type ReceiptOrder = {
  number: string;
  date: string;
  cashierName: string | null;
  customerName: string | null;
  lines: ReceiptLine[];
  subtotal: number;
  /** Discounts on the whole sale (line discounts summed, the order discount or coupon). */
  discounts?: ReceiptAmount[];
  /** Additional charges summed per charge (bottle deposit, service). */
  charges?: ReceiptAmount[];
  /** An inclusive tax is already in the prices ("incl."); an exclusive one is added to the total. */
  taxes: Array<ReceiptAmount & { isInclusive?: boolean }>;
  total: number;
  /** What was handed over per tender; change is printed once, below. */
  payments: Array<ReceiptAmount & { reference?: string | null }>;
  change: number;
  /** Points the sale earned and the customer's balance after it: printed when the template shows loyalty points. */
  pointsEarned: number | null;
  pointsBalance: number | null;
  /**
   * The part of the total paid with points, printed among the payments ("Paid with points: 1,250
   * points"). Always printed when present: the payments must add up to the total.
   */
  pointsPaid?: { points: number; amount: number } | null;
  /** The part of the total the customer's store credit paid, printed among the payments likewise. */
  storeCreditPaid?: number | null;
  /**
   * Gift cards sold (or loaded) outside the total, code in full: printed under the total with what
   * the customer pays in all. `validUntil`: the card's expiry as written, null when it has none.
   */
  giftCardsSold?: Array<{ code: string; amount: number; validUntil: string | null }>;
  /** Gift cards that paid, printed among the payments with the balance each has left. */
  giftCardsPaid?: Array<{ code: string; amount: number; balanceLeft: number }>;
  /** An exchange: what the returned goods paid, and their refund's number. */
  exchange?: { refundNumber: string; amount: number } | null;
  note: string | null;
};

/** How a sale prints when it has no template (its template is gone): on the screen and in the e-mail alike. */
export const fallbackReceiptLayout: ReceiptLayout = { paperWidth: 80, header: null, footer: null, ...defaultReceiptToggles };

/** The order a template is previewed with. */
export const sampleReceiptOrder: ReceiptOrder = {
  number: 'MAIN-000123',
  date: '2026-03-14 10:42',
  cashierName: 'Sam Carter',
  customerName: 'Alex Morgan',
  lines: [
    { name: 'Flat white', quantity: 2, total: 700 },
    { name: 'Butter croissant', quantity: 1, total: 275 },
    { name: 'Sparkling water 500 ml', quantity: 3, total: 450 },
  ],
  subtotal: 1425,
  taxes: [
    { name: 'VAT 20%', amount: 208 },
    { name: 'VAT 5%', amount: 13 },
  ],
  total: 1425,
  payments: [{ name: 'Cash', amount: 2000 }],
  change: 575,
  pointsEarned: 14,
  pointsBalance: 236,
  note: 'No straws, please.',
};

export type ReceiptRow =
  | { kind: 'text'; text: string; strong?: boolean }
  | { kind: 'rule'; text: string }
  | { kind: 'logo' }
  | { kind: 'barcode'; text: string };

export type ReceiptRowOptions = {
  businessName: string;
  formatMoney: (minor: number) => string;
  /** A reprint: marked COPY at the top and the bottom so it is never taken for a second sale. */
  isCopy?: boolean;
  /** How a number of points is written ("1,275"); grouped the en-US way when absent. */
  formatPoints?: (points: number) => string;
};

const defaultFormatPoints = (points: number) => points.toLocaleString('en-US');

/**
 * What every receipt — a sale's, a refund's — is laid out with: the paper's width in characters,
 * money and points as written, row makers, and the top and bottom all receipts share.
 */
export function receiptFrame(layout: ReceiptLayout, options: ReceiptRowOptions) {
  const width = receiptLineWidth[layout.paperWidth];
  const rule = (char = '-'): ReceiptRow => ({ kind: 'rule', text: char.repeat(width) });
  const texts = (values: string[], strong = false): ReceiptRow[] => values.map((value) => ({ kind: 'text', text: value, strong }));
  const copyMark = (): ReceiptRow[] => (options.isCopy ? texts(centred('*** COPY ***', width), true) : []);
  return {
    width,
    money: options.formatMoney,
    points: options.formatPoints ?? defaultFormatPoints,
    rule,
    texts,
    /** COPY on a reprint, the logo, the business name and the header, then a rule. */
    head: (): ReceiptRow[] => [
      ...copyMark(),
      ...(layout.showLogo ? [{ kind: 'logo' } as const] : []),
      ...texts(centred(options.businessName, width), true),
      ...(layout.header ? texts(centred(layout.header, width)) : []),
      rule(),
    ],
    /** Each tax (one in the prices as "incl.") with the template's breakdown; without it, only those added on top, summed. */
    taxRows: (taxes: Array<{ name: string; amount: number; isInclusive?: boolean }>, format: (minor: number) => string): ReceiptRow[] => {
      const added = taxes.filter((tax) => tax.isInclusive === false);
      if (layout.showTaxBreakdown) return taxes.flatMap((tax) => texts(pair(tax.isInclusive === false ? tax.name : `  incl. ${tax.name}`, format(tax.amount), width)));
      // A tax added on top is part of the total, so it prints even without the breakdown.
      return added.length > 0 ? texts(pair('Tax', format(added.reduce((sum, tax) => sum + tax.amount, 0)), width)) : [];
    },
    /** The barcode of `barcodeNumber` when the template shows it, the footer, and COPY on a reprint. */
    /** The order's barcode (none: a return without a receipt has no sale to find), the footer. */
    foot: (barcodeNumber: string | null): ReceiptRow[] => [
      ...(layout.showOrderBarcode && barcodeNumber ? [{ kind: 'barcode', text: barcodeNumber } as const] : []),
      ...(layout.footer ? [rule(), ...texts(centred(layout.footer, width))] : []),
      ...copyMark(),
    ],
  };
}

/**
 * The rows of a receipt at its paper width (58 mm ≈ 32, 80 mm ≈ 48 characters a line), as a
 * monospace printer lays them out. Pure, so the preview, printing, the e-mail and its PDF share it.
 */
export function receiptRows(layout: ReceiptLayout, order: ReceiptOrder, options: ReceiptRowOptions): ReceiptRow[] {
  const { width, money, points, rule, texts, head, foot, taxRows } = receiptFrame(layout, options);
  const minus = (minor: number) => money(-minor);
  const rows: ReceiptRow[] = head();
  rows.push(...texts(wrapCells(`Order ${order.number}`, width)));
  rows.push(...texts(wrapCells(order.date, width)));
  if (layout.showCashier && order.cashierName) rows.push(...texts(wrapCells(`Cashier: ${order.cashierName}`, width, 2)));
  if (layout.showCustomer && order.customerName) rows.push(...texts(wrapCells(`Customer: ${order.customerName}`, width, 2)));
  rows.push(rule());
  for (const line of order.lines) {
    const name = line.variantName ? `${line.name} (${line.variantName})` : line.name;
    rows.push(...texts(pair(`${line.quantity} x ${name}`, money(line.total), width)));
    if (line.unitPrice !== undefined && line.quantity > 1) rows.push(...texts(wrapCells(`@ ${money(line.unitPrice)}`, width - 4).map((part) => `    ${part}`)));
    if (line.discount) rows.push(...texts(pair(`    ${line.discountName ?? 'Discount'}`, minus(line.discount), width)));
  }
  rows.push(rule());
  rows.push(...texts(pair('Subtotal', money(order.subtotal), width)));
  for (const discount of order.discounts ?? []) rows.push(...texts(pair(discount.name, minus(discount.amount), width)));
  for (const charge of order.charges ?? []) rows.push(...texts(pair(charge.name, money(charge.amount), width)));
  rows.push(...taxRows(order.taxes, money));
  rows.push(...texts(pair('TOTAL', money(order.total), width), true));
  // A card's code is never split over two rows: the amount goes below it when both do not fit.
  const whole = (left: string, right: string) => (textCells(left) + 1 + textCells(right) <= width ? pair(left, right, width) : [...wrapCells(left, width), pair('', right, width)[0]!]);
  const sold = order.giftCardsSold ?? [];
  for (const card of sold) {
    rows.push(...texts(whole(`Gift card ${formatGiftCardCode(card.code)}`, money(card.amount))));
    if (card.validUntil) rows.push(...texts(wrapCells(`Valid until ${card.validUntil}`, width - 4).map((part) => `    ${part}`)));
  }
  if (sold.length > 0) rows.push(...texts(pair('To pay', money(order.total + sold.reduce((sum, card) => sum + card.amount, 0)), width), true));
  for (const payment of order.payments) {
    const name = payment.reference ? `${payment.name} ${payment.reference}` : payment.name;
    rows.push(...texts(pair(name, money(payment.amount), width)));
  }
  if (order.pointsPaid && order.pointsPaid.amount > 0) {
    rows.push(...texts(pair(`Paid with points: ${points(order.pointsPaid.points)} points`, money(order.pointsPaid.amount), width)));
  }
  if (order.storeCreditPaid) rows.push(...texts(pair('Paid with store credit', money(order.storeCreditPaid), width)));
  for (const card of order.giftCardsPaid ?? []) {
    rows.push(...texts(pair(`Gift card ${maskGiftCardCode(card.code)}`, money(card.amount), width)));
    rows.push(...texts(pair('    Balance left', money(card.balanceLeft), width)));
  }
  if (order.exchange) rows.push(...texts(whole(`Exchange ${order.exchange.refundNumber}`, money(order.exchange.amount))));
  if (order.change > 0) rows.push(...texts(pair('Change', money(order.change), width)));
  if (layout.showLoyaltyPoints && order.pointsEarned !== null) {
    rows.push(rule());
    rows.push(...texts(pair('Points earned', points(order.pointsEarned), width)));
    if (order.pointsBalance !== null) rows.push(...texts(pair('Points balance', points(order.pointsBalance), width)));
  }
  if (layout.showNote && order.note) {
    rows.push(rule());
    rows.push(...texts(wrapCells(`Note: ${order.note}`, width)));
  }
  rows.push(...foot(order.number));
  return rows;
}

/** "VAT 20%"; a tax already named with its rate keeps its name. */
export function taxLabel(name: string, rateE4: number): string {
  return name.includes('%') ? name : `${name} ${formatPercent(rateE4)}%`;
}

/** Charges of every line summed per charge, in order of first use. */
function chargesOf(order: Order): ReceiptAmount[] {
  const byId = new Map<number, ReceiptAmount>();
  for (const charge of order.lines.flatMap((line) => line.charges)) {
    const seen = byId.get(charge.id);
    if (seen) seen.amount += charge.amount;
    else byId.set(charge.id, { name: charge.name, amount: charge.amount });
  }
  return [...byId.values()].filter((charge) => charge.amount !== 0);
}

/** What a receipt's date is written in: the shop's locale and time zone (Settings › General). */
export type ReceiptDateSettings = { locale: string; timeZone: string };

/** A completed sale as its receipt prints it, the date in the shop's locale and time zone. */
export function toReceiptOrder(order: Order, { locale, timeZone }: ReceiptDateSettings): ReceiptOrder {
  const loyalty = order.loyalty ?? null;
  const reward = rewardOf(order);
  const rewardName = reward ? `Reward: ${loyalty?.rewardName ?? ''}` : null;
  const discounts: ReceiptAmount[] = [];
  const otherLineDiscounts = order.lineDiscountTotal - (reward?.kind === 'line' ? reward.amount : 0);
  if (otherLineDiscounts > 0) discounts.push({ name: 'Line discounts', amount: otherLineDiscounts });
  if (reward?.kind === 'line' && rewardName) discounts.push({ name: rewardName, amount: reward.amount });
  if (order.orderDiscountTotal > 0) {
    const name = reward?.kind === 'order' && rewardName ? rewardName : order.couponCode ? `Coupon ${order.couponCode}` : 'Order discount';
    discounts.push({ name, amount: order.orderDiscountTotal });
  }
  // A customer's sale tells its points; one where loyalty had nothing to say prints none.
  const hasPoints = loyalty !== null && (loyalty.pointsEarned > 0 || loyalty.pointsRedeemed > 0 || (loyalty.balanceAfter ?? 0) > 0);
  const tenderPoints = loyalty ? loyalty.pointsRedeemed - (loyalty.rewardId !== null ? loyalty.rewardPoints : 0) : 0;
  return {
    number: order.number,
    date: formatSaleDate(order.createdAt, locale, timeZone),
    cashierName: order.cashierName,
    customerName: order.customerName,
    lines: order.lines.map((line, index) => ({
      name: line.title,
      variantName: line.variantName,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      total: line.gross,
      discount: line.discount,
      ...(reward?.kind === 'line' && reward.lineIndex === index && rewardName ? { discountName: rewardName } : {}),
    })),
    subtotal: order.subtotal,
    discounts,
    charges: chargesOf(order),
    taxes: order.taxes.map((tax) => ({ name: taxLabel(tax.name, tax.rateE4), amount: tax.amount, isInclusive: tax.isInclusive })),
    total: order.total,
    payments: order.payments.map((payment) => ({ name: tenderLabels[payment.tender], amount: payment.tendered, reference: payment.reference })),
    change: order.change,
    pointsEarned: hasPoints && loyalty ? loyalty.pointsEarned : null,
    pointsBalance: hasPoints && loyalty ? loyalty.balanceAfter : null,
    pointsPaid: loyalty && loyalty.pointsPaid > 0 ? { points: tenderPoints, amount: loyalty.pointsPaid } : null,
    storeCreditPaid: order.storeCreditPaid > 0 ? order.storeCreditPaid : null,
    ...giftCardsOf(order.giftCards ?? [], locale, timeZone),
    exchange: order.exchange ? { refundNumber: order.exchange.refundNumber, amount: order.exchangeCredit } : null,
    note: order.note,
  };
}

/** The cards a sale sold and spent as its receipt prints them; a card's expiry is a day in the shop's locale and time zone. */
function giftCardsOf(cards: OrderGiftCard[], locale: string, timeZone: string): Pick<ReceiptOrder, 'giftCardsSold' | 'giftCardsPaid'> {
  const day = (iso: string) => formatSaleDate(iso, locale, timeZone, { dateStyle: 'medium' });
  return {
    giftCardsSold: cards.filter((card) => card.kind !== 'spent').map((card) => ({ code: card.code, amount: card.amount, validUntil: card.expiresAt ? day(card.expiresAt) : null })),
    giftCardsPaid: cards.filter((card) => card.kind === 'spent').map((card) => ({ code: card.code, amount: card.amount, balanceLeft: card.balanceAfter })),
  };
}

/**
 * Where a sale's reward took its discount: off the whole sale (an amount or percentage, in place of
 * the order discount — never beside a coupon) or one unit of a line free (a product reward: the
 * first line whose discount is exactly its unit price).
 */
function rewardOf(order: Order): { kind: 'order'; amount: number } | { kind: 'line'; amount: number; lineIndex: number } | null {
  const loyalty = order.loyalty ?? null;
  if (!loyalty || loyalty.rewardId === null || loyalty.rewardDiscount <= 0) return null;
  const amount = loyalty.rewardDiscount;
  if (loyalty.rewardKind !== 'product') return { kind: 'order', amount };
  const lineIndex = order.lines.findIndex((line) => line.discount === amount && line.unitPrice === amount);
  return lineIndex >= 0 ? { kind: 'line', amount, lineIndex } : null;
}

/** "Nov 21, 2026, 11:30 PM" on the shop's clock (or as `style` says); "2026-11-21 23:30" where the locale is unknown. */
export function formatSaleDate(iso: string, locale: string, timeZone: string, style: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' }): string {
  const date = new Date(iso);
  try {
    return new Intl.DateTimeFormat(locale, { ...style, timeZone }).format(date);
  } catch {
    return style.timeStyle ? localDateTimeText(date, timeZone) : localDateOf(date, timeZone);
  }
}
