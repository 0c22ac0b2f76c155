import {
  additionalChargeInput,
  additionalChargeKinds,
  additionalChargePers,
  type AdditionalCharge,
  type MoneyInputResult,
  type MoneyReader,
} from '@tillbook/contract';
import { BackLink } from '../../components/back-link.tsx';
import { useQuery } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Form, FormActions, useSaveAndReturn, useSchemaForm } from '../../components/form.tsx';
import { RecordPage, useRecordId } from '../../components/record-page.tsx';
import { Block } from '../../components/ui/block.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { ChoiceGroup } from '../../components/ui/choice-group.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Page, PageHeader } from '../../components/ui/page-header.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { shopSettingsQuery, useMoney } from '../../lib/shop-settings.ts';
import { useAdditionalCharge, useSaveAdditionalCharge } from './api.ts';
import { ChargeExample } from './charge-example.tsx';

/** What the form holds: the amount as the person types it ("0.25"), turned into minor units on submit. */
const chargeFormFields = z.object({
  name: z.string(),
  kind: z.enum(additionalChargeKinds),
  amount: z.string(),
  rate: z.string(),
  per: z.enum(additionalChargePers),
  isTaxable: z.boolean(),
  active: z.boolean(),
});
type ChargeForm = z.input<typeof chargeFormFields>;

const blank: ChargeForm = { name: '', kind: 'fixed', amount: '', rate: '', per: 'unit', isTaxable: false, active: true };

const kindChoices = [
  { value: 'fixed', label: 'Fixed amount', description: 'The same sum, e.g. a 0.25 bottle deposit.' },
  { value: 'percentage', label: 'Percentage', description: 'A share of the line’s price, e.g. a 10 % service charge.' },
] as const;

const perChoices = [
  { value: 'unit', label: 'Per unit', description: 'Three bottles, three deposits.' },
  { value: 'line', label: 'Per line', description: 'Once per line, whatever the quantity (a packaging fee).' },
] as const;

/** The typed amount in minor units: undefined when empty, otherwise what the shop's money parser reads. */
function amountOf(text: string, money: MoneyReader): MoneyInputResult | undefined {
  if (text.trim() === '') return undefined;
  return money.parse(text);
}

function readAmount(result: MoneyInputResult | undefined): number | null {
  return result?.ok ? result.minor : null;
}

/**
 * The form's schema: the typed amount becomes minor units through the shop's money parser (never
 * parseFloat), then the contract's schema checks the whole. Text that is not a sum of money gets
 * its own message, beside every other field's.
 */
function chargeFormSchema(money: MoneyReader) {
  return chargeFormFields.transform((values, ctx) => {
    const amount = amountOf(values.amount, money);
    const checked = additionalChargeInput.safeParse({ ...values, amount: amount?.ok ? amount.minor : amount ? values.amount : undefined });
    const moneyProblem = values.kind === 'fixed' && amount && !amount.ok ? amount.message : null;
    for (const issue of checked.error?.issues ?? []) {
      if (!(moneyProblem && issue.path[0] === 'amount')) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    }
    if (moneyProblem) ctx.addIssue({ code: 'custom', path: ['amount'], message: moneyProblem });
    return checked.success && !moneyProblem ? checked.data : z.NEVER;
  });
}

function toForm(charge: AdditionalCharge, money: MoneyReader): ChargeForm {
  return {
    name: charge.name,
    kind: charge.kind,
    amount: charge.amount === null ? '' : money.toInput(charge.amount),
    rate: charge.rate ?? '',
    per: charge.per,
    isTaxable: charge.isTaxable,
    active: charge.active,
  };
}

const back = (
  <BackLink to="/products/additional-charges">Additional charges</BackLink>
);

/** /products/additional-charges/new and /products/additional-charges/{id}/edit. */
export function AdditionalChargeFormPage() {
  const chargeId = useRecordId();
  const charge = useAdditionalCharge(chargeId);
  // Amounts are typed in the shop's currency: its decimals must be known before the form opens.
  const settings = useQuery(shopSettingsQuery);
  const money = useMoney();
  const title = chargeId === undefined ? 'New additional charge' : 'Edit additional charge';
  return (
    <RecordPage id={chargeId} needs={[settings]} back={back} query={charge} title={title}>
      {(record) => (
        <ChargeFormView key={chargeId ?? 'new'} chargeId={chargeId} initial={record ? toForm(record, money) : blank} productCount={record?.productCount ?? 0} back={back} />
      )}
    </RecordPage>
  );
}

type ChargeFormViewProps = { chargeId: number | undefined; initial: ChargeForm; productCount: number; back: ReactNode };

function ChargeFormView({ chargeId, initial, productCount, back }: ChargeFormViewProps) {
  const money = useMoney();
  const save = useSaveAdditionalCharge(chargeId);
  const schema = useMemo(() => chargeFormSchema(money), [money]);
  const form = useSchemaForm(schema, { defaultValues: initial });
  const { errors } = form.formState;
  const watched = useWatch({ control: form.control });
  const kind = watched.kind ?? 'fixed';

  const submit = useSaveAndReturn(save, { isNew: chargeId === undefined, what: (saved) => `Charge “${saved.name}”`, to: '/products/additional-charges' });

  return (
    <Page>
      <PageHeader
        title={chargeId === undefined ? 'New additional charge' : 'Edit additional charge'}
        description={
          chargeId !== undefined && productCount > 0
            ? `${productCount} ${productCount === 1 ? 'product carries' : 'products carry'} this charge: a change applies to their next sales.`
            : 'Added automatically when a product that carries it is sold: a bottle deposit, a packaging fee, a service charge.'
        }
        back={back}
      />
      <Form form={form} onSubmit={submit}>
        <Block title="Additional charge">
          <div className="grid gap-5 sm:grid-cols-2">
            <Field label="Name" error={errors.name?.message} hint="As it appears on receipts, e.g. Bottle deposit." className="sm:col-span-2">
              <TextInput {...form.register('name')} autoFocus />
            </Field>
            <Controller
              control={form.control}
              name="kind"
              render={({ field, fieldState }) => (
                <ChoiceGroup legend="Kind" className="sm:col-span-2" options={kindChoices} value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
              )}
            />
            {kind === 'fixed' ? (
              <>
                <Field label={`Amount (${money.currency})`} error={errors.amount?.message} hint={`In ${money.currency}, e.g. ${money.toInput(25)}.`}>
                  <TextInput {...form.register('amount')} inputMode="decimal" autoComplete="off" placeholder={money.toInput(25)} />
                </Field>
                <div className="hidden sm:block" />
                <Controller
                  control={form.control}
                  name="per"
                  render={({ field, fieldState }) => (
                    <ChoiceGroup legend="Charged" className="sm:col-span-2" options={perChoices} value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
                  )}
                />
              </>
            ) : (
              <Field label="Rate (%)" error={errors.rate?.message} hint="Of the line's price after discounts; up to 4 decimals, e.g. 10 or 12.5.">
                <TextInput {...form.register('rate')} inputMode="decimal" autoComplete="off" placeholder="10" />
              </Field>
            )}
            <div className="space-y-1 sm:col-span-2">
              <Checkbox label="Taxable" description="Taxed with the product's own taxes; otherwise never taxed (deposits usually are not)." {...form.register('isTaxable')} />
              {errors.isTaxable?.message && <p className="text-sm text-red-600">{errors.isTaxable.message}</p>}
            </div>
            <div className="space-y-1 sm:col-span-2">
              <Checkbox label="Active" description="Inactive charges are no longer added to sales." {...form.register('active')} />
              {errors.active?.message && <p className="text-sm text-red-600">{errors.active.message}</p>}
            </div>
          </div>
        </Block>
        <ChargeExample
          name={watched.name ?? ''}
          kind={kind}
          amount={readAmount(amountOf(watched.amount ?? '', money))}
          rate={watched.rate ?? ''}
          per={watched.per ?? 'unit'}
          isTaxable={watched.isTaxable ?? false}
        />
        <FormActions isPending={save.isPending} cancelTo="/products/additional-charges" />
      </Form>
    </Page>
  );
}
