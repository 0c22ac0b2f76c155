import { denominationsOf, type DenominationCount, type MoneyReader } from '@tillbook/contract';
import { useId } from 'react';
import { TextInput } from '../../components/ui/text-input.tsx';
import { cn } from '../../lib/class-names.ts';
import { useMoney } from '../../lib/shop-settings.ts';

/** What the cashier has typed: a count per note and coin, or a total. Kept as text so nothing typed is lost. */
export type CashCountState = { mode: 'notes' | 'total'; counts: Record<number, string>; total: string };

export const emptyCashCount: CashCountState = { mode: 'notes', counts: {}, total: '' };

/**
 * The amount counted, in minor units, with the notes and coins when counted one by one; null
 * amount when something typed is not a count (a typed total says what was not understood).
 */
export function countedOf(state: CashCountState, money: MoneyReader): { amount: number | null; denominations: DenominationCount[] | null; message?: string } {
  if (state.mode === 'total') {
    if (state.total.trim() === '') return { amount: null, denominations: null };
    const result = money.parse(state.total);
    return result.ok ? { amount: result.minor, denominations: null } : { amount: null, denominations: null, message: result.message };
  }
  const denominations: DenominationCount[] = [];
  for (const [value, text] of Object.entries(state.counts)) {
    if (text.trim() === '') continue;
    if (!/^\d{1,6}$/.test(text.trim())) return { amount: null, denominations: null };
    const count = Number(text.trim());
    if (count > 0) denominations.push({ value: Number(value), count });
  }
  denominations.sort((a, b) => b.value - a.value);
  return { amount: denominations.reduce((sum, d) => sum + d.value * d.count, 0), denominations };
}

function halves<T>(items: readonly T[]): T[][] {
  const middle = Math.ceil(items.length / 2);
  return [items.slice(0, middle), items.slice(middle)];
}

type CashCountProps = {
  legend: string;
  state: CashCountState;
  onChange: (next: CashCountState) => void;
  error?: string;
};

/**
 * Cash counted note by note and coin by coin in the shop's currency (a live total underneath), or
 * typed as one total. The counts are one column, so Tab moves down from note to note.
 */
export function CashCount({ legend, state, onChange, error }: CashCountProps) {
  const money = useMoney();
  const id = useId();
  const counted = countedOf(state, money);
  const tabs = [
    { mode: 'notes' as const, label: 'Count notes and coins' },
    { mode: 'total' as const, label: 'Type the total' },
  ];
  return (
    <fieldset aria-describedby={`${id}-total`} className="space-y-3">
      <legend className="text-sm font-semibold text-gray-900">{legend}</legend>
      <div role="radiogroup" aria-label={`${legend}: how to count`} className="inline-flex rounded-md border border-gray-300 p-0.5">
        {tabs.map((tab) => (
          <button
            key={tab.mode}
            type="button"
            role="radio"
            aria-checked={state.mode === tab.mode}
            onClick={() => onChange({ ...state, mode: tab.mode })}
            className={cn(
              'rounded px-3 py-1.5 text-xs font-semibold',
              state.mode === tab.mode ? 'bg-indigo-600 text-white' : 'text-gray-700 hover:bg-gray-100',
            )}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {state.mode === 'notes' ? (
        // Two columns keep the sheet on one screen at 1024×768; Tab still runs down each column.
        <div className="grid max-w-2xl gap-x-8 sm:grid-cols-2">
          {halves(denominationsOf(money.currency)).map((values, index) => (
            <table key={index} className="w-full text-sm">
              <thead>
                <tr className="text-left text-xs text-gray-500">
                  <th className="py-1 font-medium">Note or coin</th>
                  <th className="py-1 font-medium">Count</th>
                  <th className="py-1 text-right font-medium">Amount</th>
                </tr>
              </thead>
              <tbody>
                {values.map((value) => {
                  const text = state.counts[value] ?? '';
                  const isBad = text.trim() !== '' && !/^\d{1,6}$/.test(text.trim());
                  const label = money.format(value);
                  return (
                    <tr key={value} className="border-t border-gray-100">
                      <th scope="row" className="py-1 pr-3 text-left font-medium text-gray-800 tabular-nums">
                        {label}
                      </th>
                      <td className="py-1 pr-3">
                        <TextInput
                          aria-label={`Count of ${label}`}
                          inputMode="numeric"
                          autoComplete="off"
                          className="w-20 py-1.5 text-right tabular-nums"
                          invalid={isBad}
                          value={text}
                          onChange={(e) => onChange({ ...state, counts: { ...state.counts, [value]: e.target.value } })}
                          onFocus={(e) => e.target.select()}
                        />
                      </td>
                      <td className="py-1 text-right text-gray-700 tabular-nums">{isBad ? '—' : money.format(value * Number(text || 0))}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          ))}
        </div>
      ) : (
        <div className="max-w-xs">
          <TextInput
            aria-label={`${legend}: total`}
            inputMode="decimal"
            autoComplete="off"
            placeholder={money.toInput(0)}
            invalid={Boolean(error) || (state.total.trim() !== '' && counted.amount === null)}
            value={state.total}
            onChange={(e) => onChange({ ...state, total: e.target.value })}
          />
        </div>
      )}
      <p id={`${id}-total`} className="text-sm text-gray-700" aria-live="polite">
        Counted: <span className="font-semibold text-gray-900 tabular-nums">{counted.amount === null ? '—' : money.format(counted.amount)}</span>
      </p>
      {error && <p className="text-sm text-red-600">{error}</p>}
    </fieldset>
  );
}
