import { zodResolver } from '@hookform/resolvers/zod';
import { taxInput, type Tax, type TaxInput, type TaxValues } from '@tillbook/contract';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
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
import { useSaveTax, useTax } from './api.ts';
import { TaxExample } from './tax-example.tsx';

const fields = ['name', 'rate', 'isInclusive', 'isCompound', 'active'] as const;
const blank: TaxInput = { name: '', rate: '', isInclusive: false, isCompound: false, active: true };

const inclusionChoices = [
  { value: 'exclusive', label: 'Added to the price', description: 'Exclusive: 10.00 + tax at the till (US sales tax).' },
  { value: 'inclusive', label: 'Included in the price', description: 'Inclusive: the shelf price already contains it (VAT).' },
] as const;

function toForm(tax: Tax): TaxInput {
  return { name: tax.name, rate: tax.rate, isInclusive: tax.isInclusive, isCompound: tax.isCompound, active: tax.active };
}

/** /taxes/new and /taxes/{id}/edit. */
export function TaxFormPage() {
  const { id } = useParams();
  const taxId = id === undefined ? undefined : Number(id);
  const tax = useTax(taxId);
  if (taxId !== undefined && tax.isPending) return <PageLoading className="py-24" />;
  if (taxId !== undefined && tax.isError) {
    return (
      <Page>
        <PageHeader title="Edit tax" back={<Link to="/taxes" className="text-indigo-700 hover:underline">← Taxes</Link>} />
        <Alert tone="error">{errorMessageOf(tax.error)}</Alert>
      </Page>
    );
  }
  return <TaxForm key={taxId ?? 'new'} taxId={taxId} initial={tax.data ? toForm(tax.data) : blank} productCount={tax.data?.productCount ?? 0} />;
}

function TaxForm({ taxId, initial, productCount }: { taxId: number | undefined; initial: TaxInput; productCount: number }) {
  const navigate = useNavigate();
  const save = useSaveTax(taxId);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<TaxInput, unknown, TaxValues>({ resolver: zodResolver(taxInput), defaultValues: initial });
  const { errors } = form.formState;
  const [rate, isInclusive, isCompound] = useWatch({ control: form.control, name: ['rate', 'isInclusive', 'isCompound'] });

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    save.mutate(values, {
      onSuccess: (saved) => {
        notify.success(taxId === undefined ? `Tax “${saved.name}” created.` : `Tax “${saved.name}” saved.`);
        navigate('/taxes');
      },
      onError: (error) => setFormError(applyServerErrors(error, form.setError, fields)),
    });
  });

  return (
    <Page>
      <PageHeader
        title={taxId === undefined ? 'New tax' : 'Edit tax'}
        description={
          taxId !== undefined && productCount > 0
            ? `${productCount} ${productCount === 1 ? 'product carries' : 'products carry'} this tax: a change applies to their next sales.`
            : undefined
        }
        back={<Link to="/taxes" className="text-indigo-700 hover:underline">← Taxes</Link>}
      />
      <form onSubmit={onSubmit} noValidate className="max-w-3xl space-y-6">
        {formError && <Alert tone="error">{formError}</Alert>}
        <Block title="Tax">
          <div className="grid gap-5 sm:grid-cols-2">
            <Field label="Name" error={errors.name?.message} hint="As it appears on receipts and reports, e.g. VAT 20 % or State sales tax.">
              <TextInput {...form.register('name')} autoFocus />
            </Field>
            <Field label="Rate (%)" error={errors.rate?.message} hint="An exact percentage with up to 4 decimals: 7.5 or 8.875.">
              <TextInput {...form.register('rate')} inputMode="decimal" autoComplete="off" placeholder="7.5" />
            </Field>
            <Controller
              control={form.control}
              name="isInclusive"
              render={({ field, fieldState }) => (
                <ChoiceGroup
                  legend="Price and tax"
                  className="sm:col-span-2"
                  options={inclusionChoices}
                  value={field.value ? 'inclusive' : 'exclusive'}
                  onChange={(choice) => field.onChange(choice === 'inclusive')}
                  error={fieldState.error?.message}
                />
              )}
            />
            <div className="space-y-1 sm:col-span-2">
              <Checkbox
                label="Compound"
                description="Worked out on the price plus the taxes before it on the product (tax on tax), where the law charges one tax on another."
                aria-invalid={errors.isCompound ? true : undefined}
                {...form.register('isCompound')}
              />
              {errors.isCompound?.message && <p className="text-sm text-red-600">{errors.isCompound.message}</p>}
            </div>
            <div className="space-y-1 sm:col-span-2">
              <Checkbox label="Active" description="Inactive taxes stay on past sales but cannot be given to products." {...form.register('active')} />
              {errors.active?.message && <p className="text-sm text-red-600">{errors.active.message}</p>}
            </div>
          </div>
        </Block>
        <TaxExample rate={rate} isInclusive={isInclusive} isCompound={isCompound} />
        <div className="flex gap-3">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Processing' : 'Save'}
          </Button>
          <Link to="/taxes">
            <Button variant="ghost" tabIndex={-1}>
              Cancel
            </Button>
          </Link>
        </div>
      </form>
    </Page>
  );
}
