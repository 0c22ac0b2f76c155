import { cn } from '../../lib/class-names.ts';
import { useMoney } from '../../lib/shop-settings.ts';

/** Over/short of a count: "Short −$1.00" in red, "Over +$1.00" in amber, "Exact" in green. */
export function Variance({ difference }: { difference: number | null }) {
  const money = useMoney();
  if (difference === null) return <span className="text-gray-400">—</span>;
  const text = difference === 0 ? 'Exact' : difference < 0 ? `Short −${money.format(-difference)}` : `Over +${money.format(difference)}`;
  return (
    <span
      className={cn('font-semibold tabular-nums', difference < 0 ? 'text-red-700' : difference > 0 ? 'text-amber-700' : 'text-green-700')}
      data-variance={difference}
    >
      {text}
    </span>
  );
}
