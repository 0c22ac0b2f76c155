import type { NoReceiptMoneyBack, Refund } from '@tillbook/contract';
import { useReducer, useState, type FormEvent } from 'react';
import { CustomerPicker, type PickedCustomer } from '../../components/customer-picker/customer-picker.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ChoiceGroup, type Choice } from '../../components/ui/choice-group.tsx';
import { Field } from '../../components/ui/field.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { useApproval } from '../../lib/approvals.tsx';
import { useMoney, useShopSettings } from '../../lib/shop-settings.ts';
import { cartReducer, emptyCart } from './cart.ts';
import type { LocalCatalogueState } from './local-catalogue-types.ts';
import { NoReceiptItems } from './no-receipt-items.tsx';
import { ReturnReason } from './return-reason.tsx';
import { noReceiptErrorsOf, noReceiptInputOf, priceNoReceiptLines, useCreateNoReceiptReturn, type NoReceiptErrors } from './use-no-receipt-return.ts';
import { useRepriceLines } from './use-reprice-lines.ts';
import type { TillDrawer } from './use-return.ts';

type Props = {
  drawer: TillDrawer;
  catalogue: LocalCatalogueState;
  /** The shop's rule: store credit only, or money back too up to its limit. */
  rule: 'storeCredit' | 'money';
  moneyUpTo: number;
  /** "Find the sale instead": back to the receipt's number. */
  onBack: () => void;
  onCancel: () => void;
  onDone: (refund: Refund, customerEmail: string | null) => void;
};

export const storeCreditNeedsCustomer = 'Store credit needs a customer: choose who it goes to.';

/**
 * A return without a receipt (issue 16): the goods at their price today, with taxes and no
 * discount, back as store credit to a customer or — when the shop allows it — in money up to its
 * limit. The server checks the rule, the limit, the prices and the cashier's refund right.
 */
export function NoReceiptReturn({ drawer, catalogue, rule, moneyUpTo, onBack, onCancel, onDone }: Props) {
  const money = useMoney();
  const { taxRounding } = useShopSettings();
  const create = useCreateNoReceiptReturn();
  const approval = useApproval();
  const [{ lines }, dispatch] = useReducer(cartReducer, '', emptyCart);
  const [restock, setRestock] = useState<Record<string, boolean>>({});
  const [reason, setReason] = useState('');
  const [moneyBack, setMoneyBack] = useState<NoReceiptMoneyBack>('storeCredit');
  const [customer, setCustomer] = useState<PickedCustomer | null>(null);
  const [isPicking, setPicking] = useState(false);
  const [reference, setReference] = useState('');
  const [errors, setErrors] = useState<NoReceiptErrors>({ lines: {} });
  // After a sync the lines take the prices of now: a return refused for changed prices shows the new total.
  useRepriceLines(catalogue, lines, dispatch);
  const { totals, total } = priceNoReceiptLines(lines, taxRounding);
  const limit = money.format(moneyUpTo);

  /** The reason and, for store credit, the customer: said on their fields before anything is sent. */
  function isReady(): boolean {
    const next: NoReceiptErrors = { lines: {} };
    if (!reason.trim()) next.reason = 'The reason field is required.';
    if (moneyBack === 'storeCredit' && !customer) next.customerId = storeCreditNeedsCustomer;
    setErrors(next);
    return !next.reason && !next.customerId;
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (lines.length === 0 || !isReady()) return;
    const input = noReceiptInputOf({ lines, restock, reason, moneyBack, customerId: customer?.id ?? null, reference }, drawer.registerId, total);
    const sentKeys = lines.map((line) => line.key);
    const showErrors = (error: unknown) => {
      const next = noReceiptErrorsOf(error, sentKeys);
      setErrors(next);
      // Prices changed since the copy was taken: read the catalogue again, and the lines follow.
      if (next.total) catalogue.refresh();
    };
    const send = async (body: typeof input) => onDone(await create.mutateAsync(body), moneyBack === 'storeCredit' ? (customer?.email ?? null) : null);
    send(input).catch((error: unknown) => {
      if (approval.handles(error, (given) => send({ ...input, approval: given }), showErrors)) return;
      showErrors(error);
    });
  }

  const choices: Choice<NoReceiptMoneyBack>[] = [
    { value: 'storeCredit', label: 'Store credit', description: customer ? `For ${customer.name}` : 'For the customer you choose' },
    { value: 'cash', label: 'Cash', description: `From the drawer of ${drawer.registerName}` },
    { value: 'card', label: 'Card', description: 'Back to the customer’s card' },
  ];

  return (
    <>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label="Return without a receipt">
        <section className="flex items-start justify-between gap-3 rounded-md bg-gray-50 px-3 py-2">
          <div>
            <p className="font-medium text-gray-900">Without a receipt</p>
            <p className="text-xs text-gray-600">Each item is valued at its price today, with its taxes and no discount.</p>
          </div>
          <Button variant="ghost" className="shrink-0 px-2 text-xs" onClick={onBack} disabled={create.isPending}>
            Find the sale instead
          </Button>
        </section>
        {errors.form && <Alert tone="error">{errors.form}</Alert>}
        <NoReceiptItems
          state={catalogue}
          lines={lines}
          totals={totals}
          restock={restock}
          errors={errors.lines}
          isScannerOn={!approval.isOpen && !isPicking}
          onAdd={(item) => dispatch({ type: 'add', item, stock: null })}
          onQuantity={(key, quantity) => dispatch({ type: 'setQuantity', key, quantity })}
          onRestock={(key, back) => setRestock((r) => ({ ...r, [key]: back }))}
          onScanned={(code) => {
            const withoutCode = (typed: string) => (typed.endsWith(code) ? typed.slice(0, -code.length) : typed);
            setReason(withoutCode);
            setReference(withoutCode);
          }}
        />
        <ReturnReason value={reason} error={errors.reason} onChange={setReason} />
        {rule === 'money' ? (
          <ChoiceGroup<NoReceiptMoneyBack>
            legend="Money back"
            value={moneyBack}
            onChange={setMoneyBack}
            error={errors.moneyBack}
            hint={`Without a receipt, cash or card up to ${limit} a return; store credit for any amount.`}
            options={choices}
          />
        ) : (
          <div>
            <p className="text-sm font-medium text-gray-700">Money back</p>
            <p className="text-sm text-gray-700">As store credit: this shop gives store credit only for returns without a receipt.</p>
            {errors.moneyBack && <p className="mt-1 text-sm text-red-600">{errors.moneyBack}</p>}
          </div>
        )}
        {moneyBack === 'storeCredit' && (
          <div role="group" aria-label="Store credit customer" className="flex flex-wrap items-center gap-2">
            <p className="text-sm text-gray-700">{customer ? <>Store credit for <strong>{customer.name}</strong></> : 'No customer chosen yet.'}</p>
            <Button variant="secondary" className="px-2 text-xs" onClick={() => setPicking(true)}>
              {customer ? 'Change customer' : 'Choose customer'}
            </Button>
            {errors.customerId && <p className="w-full text-sm text-red-600">{errors.customerId}</p>}
          </div>
        )}
        {moneyBack === 'card' && (
          <Field label="Card refund reference (optional)" hint="What the card terminal printed for the refund." error={errors.reference}>
            <TextInput autoComplete="off" maxLength={120} value={reference} onChange={(e) => setReference(e.target.value)} />
          </Field>
        )}
        <div className="flex items-baseline justify-between border-t border-gray-200 pt-3">
          <span className="text-sm text-gray-700">Total back</span>
          <span className="text-lg font-semibold text-gray-900 tabular-nums" data-testid="no-receipt-total">
            {money.format(total)}
          </span>
        </div>
        {errors.total && <p className="-mt-3 text-right text-sm text-red-600">{errors.total}</p>}
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onCancel} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" isBusy={create.isPending} disabled={lines.length === 0}>
            {`Refund ${money.format(total)}`}
          </Button>
        </div>
      </form>
      <CustomerPicker
        open={isPicking}
        title="Customer for the store credit"
        onPick={(picked) => {
          setCustomer(picked);
          setPicking(false);
          setErrors((e) => ({ ...e, customerId: undefined }));
        }}
        onClose={() => setPicking(false)}
      />
      {approval.dialog}
    </>
  );
}
