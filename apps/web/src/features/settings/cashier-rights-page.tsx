import { cashierRightsInput, formatPercent, parsePercent, type CashierRights, type MoneyReader } from '@tillbook/contract';
import { useMemo } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Form, FormActions, useSchemaForm } from '../../components/form.tsx';
import { Block } from '../../components/ui/block.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { ChoiceGroup, type Choice } from '../../components/ui/choice-group.tsx';
import { Field } from '../../components/ui/field.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { notify } from '../../lib/notifications.tsx';
import { useMoney } from '../../lib/shop-settings.ts';
import { useSaveCashierRights } from './api.ts';
import { SettingsPage } from './settings-page.tsx';

/** What the form holds: amounts and the percentage as typed, turned into minor units and rateE4 on submit. */
const rightsFormFields = z.object({
  refundUpTo: z.string(),
  discountUpToE4: z.string(),
  priceOverride: z.boolean(),
  noSale: z.boolean(),
  closeDifferenceUpTo: z.string(),
  noReceiptReturns: z.enum(['never', 'storeCredit', 'money']),
  noReceiptMoneyUpTo: z.string(),
});
type RightsForm = z.input<typeof rightsFormFields>;
type NoReceiptReturns = CashierRights['noReceiptReturns'];

const moneyFields = ['refundUpTo', 'closeDifferenceUpTo', 'noReceiptMoneyUpTo'] as const;
const PERCENT_MESSAGE = 'Enter a percentage from 0 to 100, like 10 or 12.5.';

/**
 * The form's schema: typed amounts go through the shop's money parser (never parseFloat), the
 * percentage through the contract's, then the contract's schema checks the whole; each field that
 * cannot be read gets its own message, beside every other field's.
 */
function rightsFormSchema(money: MoneyReader) {
  return rightsFormFields.transform((values, ctx) => {
    const problems = new Map<string, string>();
    const read: Record<string, unknown> = { ...values };
    for (const field of moneyFields) {
      // The amount is hidden unless money goes back: nothing to read, none given.
      if (field === 'noReceiptMoneyUpTo' && values.noReceiptReturns !== 'money') {
        read[field] = 0;
        continue;
      }
      const parsed = money.parse(values[field]);
      if (parsed.ok) read[field] = parsed.minor;
      else problems.set(field, parsed.message);
    }
    const rate = parsePercent(values.discountUpToE4);
    if (rate === null) problems.set('discountUpToE4', PERCENT_MESSAGE);
    else read.discountUpToE4 = rate;
    const checked = cashierRightsInput.safeParse(read);
    for (const issue of checked.error?.issues ?? []) {
      if (!problems.has(String(issue.path[0]))) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    }
    for (const [field, message] of problems) ctx.addIssue({ code: 'custom', path: [field], message });
    return checked.success && problems.size === 0 ? checked.data : z.NEVER;
  });
}

function toForm(rights: CashierRights, money: MoneyReader): RightsForm {
  return {
    refundUpTo: money.toInput(rights.refundUpTo),
    discountUpToE4: formatPercent(rights.discountUpToE4),
    priceOverride: rights.priceOverride,
    noSale: rights.noSale,
    closeDifferenceUpTo: money.toInput(rights.closeDifferenceUpTo),
    noReceiptReturns: rights.noReceiptReturns,
    noReceiptMoneyUpTo: money.toInput(rights.noReceiptMoneyUpTo),
  };
}

const noReceiptChoices: readonly Choice<NoReceiptReturns>[] = [
  { value: 'never', label: 'Not taken', description: 'A return needs the sale: its receipt or its number.' },
  { value: 'storeCredit', label: 'As store credit only', description: 'The value goes to a customer’s store credit.' },
  { value: 'money', label: 'As store credit, or money back up to an amount', description: 'Cash or card up to the amount below; store credit for any value.' },
];

/** /settings/cashier-rights (issue 16): what a cashier may do alone; beyond it, the till asks for a manager. */
export function CashierRightsPage() {
  return (
    <SettingsPage
      title="Cashier rights"
      description="What a cashier may do alone. Beyond these limits the till asks for an administrator’s PIN or password on the spot; administrators are never limited."
    >
      {(settings) => <CashierRightsForm rights={settings.cashierRights} />}
    </SettingsPage>
  );
}

function CashierRightsForm({ rights }: { rights: CashierRights }) {
  const money = useMoney();
  const save = useSaveCashierRights();
  const schema = useMemo(() => rightsFormSchema(money), [money]);
  const form = useSchemaForm(schema, { defaultValues: toForm(rights, money) });
  const { errors } = form.formState;
  const noReceiptReturns = useWatch({ control: form.control, name: 'noReceiptReturns' });

  async function submit(values: z.output<typeof cashierRightsInput>) {
    const saved = await save.mutateAsync(values);
    notify.success('Cashier rights saved.');
    form.reset(toForm(saved.cashierRights, money));
  }

  return (
    <Form form={form} onSubmit={submit}>
      <Block title="Refunds and discounts">
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label={`Refund up to (${money.currency})`} error={errors.refundUpTo?.message} hint="0 = every refund needs a manager.">
            <TextInput {...form.register('refundUpTo')} inputMode="decimal" autoComplete="off" className="w-40" />
          </Field>
          <Field label="Discounts up to (%)" error={errors.discountUpToE4?.message} hint="Of what a line or sale discount takes off; 0 = every discount needs a manager.">
            <TextInput {...form.register('discountUpToE4')} inputMode="decimal" autoComplete="off" className="w-40" />
          </Field>
          <div className="space-y-1 sm:col-span-2">
            <Checkbox label="May change prices at the till" description="Otherwise a new price on a line needs a manager." {...form.register('priceOverride')} />
            {errors.priceOverride?.message && <p className="text-sm text-red-600">{errors.priceOverride.message}</p>}
          </div>
        </div>
      </Block>
      <Block title="Cash drawer">
        <div className="grid gap-5 sm:grid-cols-2">
          <div className="space-y-1 sm:col-span-2">
            <Checkbox label="May open the drawer without a sale (No sale)" description="Otherwise “No sale” on the sell screen needs a manager." {...form.register('noSale')} />
            {errors.noSale?.message && <p className="text-sm text-red-600">{errors.noSale.message}</p>}
          </div>
          <Field
            label={`Close a drawer with a difference up to (${money.currency})`}
            error={errors.closeDifferenceUpTo?.message}
            hint="Per tender, over or short. A count further off needs a manager to close."
          >
            <TextInput {...form.register('closeDifferenceUpTo')} inputMode="decimal" autoComplete="off" className="w-40" />
          </Field>
        </div>
      </Block>
      <Block title="Returns without a receipt">
        <div className="grid gap-5 sm:grid-cols-2">
          <Controller
            control={form.control}
            name="noReceiptReturns"
            render={({ field, fieldState }) => (
              <ChoiceGroup
                legend="Returns without a receipt"
                className="sm:col-span-2"
                options={noReceiptChoices}
                value={field.value}
                onChange={field.onChange}
                error={fieldState.error?.message}
                hint="A rule for everyone at the till. Each item is valued at its price today, with its taxes."
              />
            )}
          />
          {noReceiptReturns === 'money' && (
            <Field
              label={`Money back without a receipt up to (${money.currency})`}
              error={errors.noReceiptMoneyUpTo?.message}
              hint="Per return, in cash or by card; any more goes as store credit."
            >
              <TextInput {...form.register('noReceiptMoneyUpTo')} inputMode="decimal" autoComplete="off" className="w-40" />
            </Field>
          )}
        </div>
      </Block>
      <FormActions isPending={save.isPending} discard={{ isDirty: form.formState.isDirty, reset: () => form.reset() }} />
    </Form>
  );
}
