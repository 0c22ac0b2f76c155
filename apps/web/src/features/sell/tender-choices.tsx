import { tenderLabels, tenders, type Tender } from '@tillbook/contract';
import type { KeyboardEvent } from 'react';
import { cn } from '../../lib/class-names.ts';

/** A tender of the payment dialog: the drawer's, points and store credit when the customer has them, and gift cards. */
export type Choice = Tender | 'points' | 'storeCredit' | 'giftCard';

export const choiceLabels: Record<Choice, string> = { ...tenderLabels, points: 'Points', storeCredit: 'Store credit', giftCard: 'Gift card' };
// F5 is the browser's (reload): store credit takes F6.
const tenderKeys: Record<Choice, string> = { cash: 'F1', card: 'F2', other: 'F3', points: 'F4', storeCredit: 'F6', giftCard: 'F7' };
const tenderByFunctionKey: Record<string, Choice> = { F1: 'cash', F2: 'card', F3: 'other', F4: 'points', F6: 'storeCredit', F7: 'giftCard' };
// By key position: Alt+1 types "¡" on a Mac keyboard, so its `key` cannot be trusted.
const tenderByAltCode: Record<string, Choice> = { Digit1: 'cash', Digit2: 'card', Digit3: 'other', Digit4: 'points', Digit5: 'storeCredit', Digit6: 'giftCard' };
// Six tenders take two rows of three: a row of six is too narrow for "Store credit".
const gridColumns: Record<number, string> = { 4: 'grid-cols-4', 5: 'grid-cols-5', 6: 'grid-cols-3' };

export const kbdClass = 'rounded bg-gray-100 px-1.5 py-0.5 font-mono text-[11px] font-semibold text-gray-700';

/** The tenders this sale offers: cash, card and other, points and store credit when there are some, and gift cards. */
export function choicesOf(hasPoints: boolean, hasStoreCredit: boolean): Choice[] {
  return [...tenders, ...(hasPoints ? ['points' as const] : []), ...(hasStoreCredit ? ['storeCredit' as const] : []), 'giftCard'];
}

/** The tender a key picks (F1…F7, or Alt with a digit), when the sale offers it. */
export function choiceOfKey(event: KeyboardEvent, choices: readonly Choice[]): Choice | null {
  const picked = tenderByFunctionKey[event.key] ?? (event.altKey ? tenderByAltCode[event.code] : undefined);
  return picked && choices.includes(picked) ? picked : null;
}

/** "1/2/3/4": the digits that pick the offered tenders with Alt. */
export function altDigitsOf(choices: readonly Choice[]): string {
  return Object.entries(tenderByAltCode)
    .filter(([, choice]) => choices.includes(choice))
    .map(([code]) => code.slice('Digit'.length))
    .join('/');
}

/** The tender buttons, each with its function key. */
export function TenderChoices({ choices, tender, onPick }: { choices: readonly Choice[]; tender: Choice; onPick: (choice: Choice) => void }) {
  return (
    <div role="group" aria-label="Tender" className={cn('grid gap-2', gridColumns[choices.length])}>
      {choices.map((t) => (
        <button
          key={t}
          type="button"
          aria-pressed={tender === t}
          onClick={() => onPick(t)}
          className={cn(
            'flex min-h-12 flex-col items-center justify-center rounded-md border px-2 py-2 text-sm font-semibold',
            tender === t ? 'border-indigo-600 bg-indigo-50 text-indigo-800' : 'border-gray-300 bg-white text-gray-800 hover:bg-gray-50',
          )}
        >
          {choiceLabels[t]}
          <kbd className={kbdClass}>{tenderKeys[t]}</kbd>
        </button>
      ))}
    </div>
  );
}
