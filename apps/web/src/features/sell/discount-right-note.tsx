import { aboveRightNote, discountRateE4, isAboveDiscountRight, parsePercent, type PricingDiscount } from '@tillbook/contract';
import { Alert } from '../../components/ui/alert.tsx';
import { useMoney } from '../../lib/shop-settings.ts';
import { useCashierRights } from './use-cashier-rights.ts';

type DiscountRightNoteProps = {
  kind: PricingDiscount['kind'];
  /** What the cashier typed so far. */
  text: string;
  /** What the discount comes off; unknown: only a percentage can be judged. */
  base: number | undefined;
};

/** "Above 10 %: a manager will approve at payment." while a cashier types a discount beyond their right. */
export function DiscountRightNote({ kind, text, base }: DiscountRightNoteProps) {
  const money = useMoney();
  const rights = useCashierRights();
  if (!rights || text.trim() === '') return null;
  let rateE4: number | null = null;
  if (kind === 'percentage') {
    const rate = parsePercent(text);
    rateE4 = rate === null ? null : discountRateE4({ kind, rateE4: rate }, 0, base ?? 0);
  } else if (base !== undefined) {
    const parsed = money.parse(text);
    if (parsed.ok) rateE4 = discountRateE4({ kind, amount: parsed.minor }, Math.min(parsed.minor, base), base);
  }
  if (rateE4 === null || !isAboveDiscountRight(rateE4, rights)) return null;
  return <Alert tone="warning">{aboveRightNote(rights)}</Alert>;
}
