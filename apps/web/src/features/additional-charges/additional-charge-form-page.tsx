import { zodResolver } from '@hookform/resolvers/zod';
import {
  additionalChargeInput,
  type AdditionalCharge,
  type AdditionalChargeValues,
  type MoneyInputResult,
  type MoneyReader,
} from '@tillbook/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { PageLoading } from '../../components/page-loading.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Block } from '../../components/ui/block.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { ChoiceGroup } from '../../components/ui/choice-group.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Page, PageHeader } from '../../components/ui/page-header.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { applyServerErrors } from '../../lib/forms.ts';
import { errorMessageOf } from '../../lib/api-error.ts';
import { notify } from '../../lib/notifications.tsx';
import { shopSettingsQuery, useMoney } from '../../lib/shop-settings.ts';
import { useAdditionalCharge, useSaveAdditionalCharge } from './api.ts';
import { ChargeExample } from './charge-example.tsx';

/** What the form holds: the amount as the person types it ("0.25"), turned into minor units on submit. */
export type ChargeForm = {
  name: string;
  kind: 'fixed' | 'percentage';
  amount: string;
  rate: string;
  per: 'unit' | 'line';
  isTaxable: boolean;
  active: boolean;
};

const fields = ['name', 'kind', 'amount', 'rate', 'per', 'isTaxable', 'active'] as const;
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
 * The contract's schema, after turning the typed amount into minor units with the shop's money
 * parser (never parseFloat). Text that is not a sum of money gets its own message, beside every
 * other field's.
 */
function chargeResolver(money: MoneyReader): Resolver<ChargeForm, unknown, AdditionalChargeValues> {
  const validate = zodResolver(additionalChargeInput);
  return async (values, context, options) => {
    const amount = amountOf(values.amount, money);
    const result = await validate({ ...values, amount: amount?.ok ? amount.minor : amount ? values.amount : undefined }, context, options as never);
    if (values.kind === 'fixed' && amount && !amount.ok) {
      return { values: {}, errors: { ...result.errors, amount: { type: 'money', message: amount.message } } } as never;
    }
    return result as never;
  };
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

/** /products/additional-charges/new and /products/additional-charges/{id}/edit. */
export function AdditionalChargeFormPage() {
  const { id } = useParams();
  const chargeId = id === undefined ? undefined : Number(id);
  const charge = useAdditionalCharge(chargeId);
  // Amounts are typed in the shop's currency: its decimals must be known before the form opens.
  const settings = useQuery(shopSettingsQuery);
  const money = useMoney();
  const back = (
    <Link to="/products/additional-charges" className="text-indigo-700 hover:underline">
      ← Additional charges
    </Link>
  );
  if ((chargeId !== undefined && charge.isPending) || settings.isPending) return <PageLoading className="py-24" />;
  const error = (chargeId !== undefined && charge.error) || settings.error;
  if (error) {
    return (
      <Page>
        <PageHeader title={chargeId === undefined ? 'New additional charge' : 'Edit additional charge'} back={back} />
        <Alert tone="error">{errorMessageOf(error)}</Alert>
      </Page>
    );
  }
  return (
    <ChargeFormView
      key={chargeId ?? 'new'}
      chargeId={chargeId}
      initial={charge.data ? toForm(charge.data, money) : blank}
      productCount={charge.data?.productCount ?? 0}
      back={back}
    />
  );
}

type ChargeFormViewProps = { chargeId: number | undefined; initial: ChargeForm; productCount: number; back: ReactNode };

function ChargeFormView({ chargeId, initial, productCount, back }: ChargeFormViewProps) {
  const navigate = useNavigate();
  const money = useMoney();
  const save = useSaveAdditionalCharge(chargeId);
  const [formError, setFormError] = useState<string | null>(null);
  const resolver = useMemo(() => chargeResolver(money), [money]);
  const form = useForm<ChargeForm, unknown, AdditionalChargeValues>({ resolver, defaultValues: initial });
  const { errors } = form.formState;
  const watched = useWatch({ control: form.control });
  const kind = watched.kind ?? 'fixed';

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    save.mutate(values, {
      onSuccess: (saved) => {
        notify.success(chargeId === undefined ? `Charge “${saved.name}” created.` : `Charge “${saved.name}” saved.`);
        navigate('/products/additional-charges');
      },
      onError: (error) => setFormError(applyServerErrors(error, form.setError, fields)),
    });
  });

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
      <form onSubmit={onSubmit} noValidate className="max-w-3xl space-y-6">
        {formError && <Alert tone="error">{formError}</Alert>}
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
        <div className="flex gap-3">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Processing' : 'Save'}
          </Button>
          <Link to="/products/additional-charges">
            <Button variant="ghost" tabIndex={-1}>
              Cancel
            </Button>
          </Link>
        </div>
      </form>
    </Page>
  );
}
