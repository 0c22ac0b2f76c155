import { formatGiftCardCode } from '@tillbook/contract';
import type { RefObject } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { useDateFormat, useMoney } from '../../lib/shop-settings.ts';
import { giftCardPayOfflineMessage } from './gift-card-lookup.ts';
import type { GiftCardEntry } from './use-gift-card-payments.ts';

/**
 * Above the amount while paying with a gift card: its code (scanned, or typed and Enter), then the
 * card found — its balance and expiry — or why it cannot pay, on the code.
 */
export function GiftCardTender({ entry, codeRef, disabled }: { entry: GiftCardEntry; codeRef: RefObject<HTMLInputElement | null>; disabled: boolean }) {
  const money = useMoney();
  const dates = useDateFormat();
  const { found } = entry;
  return (
    <div className="flex flex-col gap-2 rounded-md bg-indigo-50/60 px-3 py-2 text-sm">
      {!entry.isOnline && <p className="font-medium text-red-700">{giftCardPayOfflineMessage}</p>}
      <div className="flex items-start gap-2">
        <Field label="Gift card code" error={entry.codeError ?? undefined} hint="Scan the card, or type its code and press Enter." className="flex-1">
          <TextInput
            ref={codeRef}
            autoComplete="off"
            spellCheck={false}
            value={entry.codeText}
            disabled={disabled}
            onChange={(event) => entry.changeCode(event.target.value)}
            onKeyDown={(event) => {
              // Enter looks the card up (the dialog's Enter would add or complete).
              if (event.key !== 'Enter' || !entry.codeText.trim()) return;
              event.preventDefault();
              event.stopPropagation();
              entry.find();
            }}
            className="font-mono tabular-nums"
          />
        </Field>
        {/* Down by the label's height, so the button lines up with the field under a hint or an error. */}
        <Button variant="secondary" className="mt-[1.625rem] min-h-10 px-3" disabled={disabled} isBusy={entry.isLooking} onClick={entry.find}>
          {entry.isLooking ? 'Finding…' : 'Find'}
        </Button>
      </div>
      {found && !entry.codeError && (
        <p className="text-gray-700" data-testid="gift-card-found">
          Gift card {formatGiftCardCode(found.code)}: <span className="font-semibold tabular-nums">{money.format(found.balance)}</span> left
          {found.expiresAt && <> · valid until {dates.date(found.expiresAt)}</>}
        </p>
      )}
    </div>
  );
}
