import {
  formatGiftCardCode,
  generateGiftCardCode,
  GIFT_CARD_MAX_AMOUNT,
  GIFT_CARDS_PER_SALE,
  giftCardCodeField,
  giftCardSaleInput,
  normalizeGiftCardCode,
  type GiftCard,
} from '@tillbook/contract';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { DialogFormActions } from '../../components/form.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Field } from '../../components/ui/field.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { useMoney } from '../../lib/shop-settings.ts';
import { useFetchGiftCard } from './api.ts';
import { useBarcodeScanner } from './barcode-scanner.ts';
import type { CartGiftCard } from './cart-gift-cards.ts';
import { giftCardSellOfflineMessage, lookupFailureOf, useIsOnline } from './gift-card-lookup.ts';
import type { Shortcut } from './shortcut-bar.tsx';

/** The gift card's key on the till's bar (F1: the one the bar had free; F5, F11 and F12 are the browser's). */
export const GIFT_CARD_KEY = 'F1';

type SoldCard = { code: string; amount: number };

/**
 * "Gift card" on the till: its shortcut (also a button on the bar), whether its dialog is open (the
 * till's scanner and keys then leave the keyboard to it: a scanned card goes into its code field),
 * and the dialog to render. `onAdd` puts the card on the sale.
 */
export function useGiftCardSale(cards: readonly CartGiftCard[], onAdd: (card: SoldCard) => void) {
  const [isOpen, setOpen] = useState(false);
  const shortcut: Shortcut = { key: GIFT_CARD_KEY, label: 'Gift card', run: () => setOpen(true) };
  const add = (card: SoldCard) => {
    onAdd(card);
    setOpen(false);
  };
  const dialog = (
    <Dialog open={isOpen} title="Sell a gift card" onClose={() => setOpen(false)}>
      {/* Mounted only while open: each card starts from empty fields. */}
      <GiftCardForm cards={cards} onAdd={add} onClose={() => setOpen(false)} />
    </Dialog>
  );
  return { isOpen, shortcut, dialog };
}

type Errors = { code?: string; amount?: string; form?: string };

/** What the till knows of a code: a card already (the sale loads it again), or a new one. */
type Known = { code: string; card: GiftCard | null };

function GiftCardForm({ cards, onAdd, onClose }: { cards: readonly CartGiftCard[]; onAdd: (card: SoldCard) => void; onClose: () => void }) {
  const money = useMoney();
  const isOnline = useIsOnline();
  const fetchCard = useFetchGiftCard();
  const [codeText, setCodeText] = useState('');
  const [amountText, setAmountText] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [known, setKnown] = useState<Known | null>(null);
  const [lookingFor, setLookingFor] = useState<string | null>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const amountRef = useRef<HTMLInputElement>(null);
  const code = normalizeGiftCardCode(codeText);
  const current = known?.code === code ? known : null;

  useEffect(() => {
    // The native dialog moves focus to its first button as it opens; take it after that.
    const timer = window.setTimeout(() => codeRef.current?.focus(), 0);
    return () => window.clearTimeout(timer);
  }, []);

  /** Whether the code is a card already: then the sale adds to its balance. */
  async function lookUp(text: string) {
    const parsed = giftCardCodeField.safeParse(text);
    if (!parsed.success || !isOnline || known?.code === parsed.data) return;
    setLookingFor(parsed.data);
    try {
      setKnown({ code: parsed.data, card: await fetchCard(parsed.data) });
    } catch (error) {
      const failure = lookupFailureOf(error, giftCardSellOfflineMessage);
      if (failure.isUnknown) setKnown({ code: parsed.data, card: null });
      else setErrors((shown) => ({ ...shown, code: failure.message }));
    } finally {
      setLookingFor(null);
    }
  }

  // A card scanned wherever the focus is: its code goes into the code field (and out of the amount it was typed into).
  useBarcodeScanner((scanned) => {
    setCodeText(scanned);
    setAmountText((typed) => (typed.endsWith(scanned) ? typed.slice(0, -scanned.length) : typed));
    setErrors({});
    amountRef.current?.focus();
    void lookUp(scanned);
  });

  function newCode() {
    const generated = generateGiftCardCode();
    setCodeText(formatGiftCardCode(generated));
    setKnown({ code: generated, card: null });
    setErrors((shown) => ({ ...shown, code: undefined }));
    amountRef.current?.focus();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    // Empty reads as zero, so the contract's message says what is missing.
    const amount = amountText.trim() ? money.parse(amountText) : ({ ok: true, minor: 0 } as const);
    const parsed = giftCardSaleInput.safeParse({ code: codeText, amount: amount.ok ? amount.minor : 0 });
    const found: Errors = {};
    if (!amount.ok) found.amount = amount.message;
    for (const issue of parsed.error?.issues ?? []) found[issue.path[0] === 'code' ? 'code' : 'amount'] ??= issue.message;
    if (!found.code && cards.some((card) => card.code === code)) found.code = 'This gift card is on the sale already.';
    if (cards.length >= GIFT_CARDS_PER_SALE) found.form = `A sale may sell at most ${GIFT_CARDS_PER_SALE} gift cards.`;
    if (!isOnline) found.form = giftCardSellOfflineMessage;
    setErrors(found);
    if (found.code) codeRef.current?.focus();
    else if (found.amount) amountRef.current?.focus();
    if (parsed.success && Object.keys(found).length === 0) onAdd(parsed.data);
  }

  const codeHint = lookingFor === code ? 'Looking the card up…' : current ? (current.card ? null : 'A new card.') : 'Scan the card, type its code, or take a new code.';
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {(errors.form ?? (!isOnline && giftCardSellOfflineMessage)) && <Alert tone="error">{errors.form ?? giftCardSellOfflineMessage}</Alert>}
      <div className="flex items-start gap-2">
        <Field label="Gift card code" error={errors.code} hint={codeHint ?? undefined} className="flex-1">
          <TextInput
            ref={codeRef}
            autoComplete="off"
            spellCheck={false}
            value={codeText}
            onChange={(event) => {
              setCodeText(event.target.value);
              setErrors((shown) => ({ ...shown, code: undefined }));
            }}
            onBlur={() => void lookUp(codeText)}
            onKeyDown={(event) => {
              // Enter moves on to the amount (and looks the card up); it adds the card from the amount.
              if (event.key !== 'Enter') return;
              event.preventDefault();
              amountRef.current?.focus();
            }}
            className="font-mono tabular-nums"
          />
        </Field>
        {/* Down by the label's height, so the button lines up with the field under a hint or an error. */}
        <Button variant="secondary" className="mt-[1.625rem] min-h-10 px-3 whitespace-nowrap" onClick={newCode}>
          New code
        </Button>
      </div>
      {current?.card && (
        <p className="rounded-md bg-indigo-50/60 px-3 py-2 text-sm text-gray-700" data-testid="gift-card-known">
          Adds to the card’s <span className="font-semibold tabular-nums">{money.format(current.card.balance)}</span> balance.
          {current.card.status === 'expired' && ' It has expired: loading it gives it a new expiry date.'}
        </p>
      )}
      <Field label="Amount" error={errors.amount} hint={`Up to ${money.format(GIFT_CARD_MAX_AMOUNT)}.`}>
        <TextInput
          ref={amountRef}
          inputMode="decimal"
          autoComplete="off"
          value={amountText}
          onChange={(event) => {
            setAmountText(event.target.value);
            setErrors((shown) => ({ ...shown, amount: undefined }));
          }}
          className="text-lg tabular-nums"
        />
      </Field>
      <DialogFormActions isPending={false} onCancel={onClose} saveLabel="Add to the sale" />
    </form>
  );
}
