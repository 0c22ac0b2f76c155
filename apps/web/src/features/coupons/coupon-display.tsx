import type { Coupon, CouponState } from '@tillbook/contract';
import { Badge } from '../../components/ui/badge.tsx';

const stateLabels: Record<CouponState, { label: string; tone: 'green' | 'indigo' | 'gray' | 'amber' | 'red' }> = {
  active: { label: 'Active', tone: 'green' },
  scheduled: { label: 'Scheduled', tone: 'indigo' },
  expired: { label: 'Expired', tone: 'red' },
  'used-up': { label: 'Used up', tone: 'amber' },
  inactive: { label: 'Inactive', tone: 'gray' },
};

export function CouponStateBadge({ state }: { state: CouponState }) {
  const { label, tone } = stateLabels[state];
  return <Badge tone={tone}>{label}</Badge>;
}

/** "10 %" or "$5.00". */
export function couponValueOf(coupon: Pick<Coupon, 'kind' | 'rate' | 'amount'>, format: (minor: number) => string): string {
  return coupon.kind === 'percentage' ? `${coupon.rate ?? '0'} %` : format(coupon.amount);
}

/** "1 Mar 2026 – 31 Mar 2026", "From 1 Mar 2026", "Until 31 Mar 2026" or "Always": the days on the shop's clock. */
export function validityOf(coupon: Pick<Coupon, 'validFrom' | 'validUntil'>, timeZone: string): string {
  const dateFormat = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric', timeZone });
  const from = coupon.validFrom ? dateFormat.format(new Date(coupon.validFrom)) : null;
  const until = coupon.validUntil ? dateFormat.format(new Date(coupon.validUntil)) : null;
  if (from && until) return `${from} – ${until}`;
  if (from) return `From ${from}`;
  if (until) return `Until ${until}`;
  return 'Always';
}

/** "All products", or the chosen categories and products by name ("Snacks, Salted crisps"). */
export function eligibilityOf(coupon: Pick<Coupon, 'appliesTo' | 'categories' | 'products'>): string {
  if (coupon.appliesTo === 'all') return 'All products';
  const names = [...coupon.categories.map((c) => c.name), ...coupon.products.map((p) => p.title)];
  const shown = names.slice(0, 3).join(', ');
  return names.length > 3 ? `${shown} and ${names.length - 3} more` : shown;
}
