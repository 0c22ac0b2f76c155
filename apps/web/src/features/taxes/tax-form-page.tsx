import { BackLink } from '../../components/back-link.tsx';
import { taxInput, type Tax } from '@tillbook/contract';
import { Controller, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Form, FormActions, useSaveAndReturn, useSchemaForm } from '../../components/form.tsx';
import { RecordPage, useRecordId } from '../../components/record-page.tsx';
import { Block } from '../../components/ui/block.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { ChoiceGroup } from '../../components/ui/choice-group.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Page, PageHeader } from '../../components/ui/page-header.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { useSaveTax, useTax } from './api.ts';
import { TaxExample } from './tax-example.tsx';

type TaxFormValues = z.input<typeof taxInput>;

const blank: TaxFormValues = { name: '', rate: '', isInclusive: false, isCompound: false, active: true };

const inclusionChoices = [
  { value: 'exclusive', label: 'Added to the price', description: 'Exclusive: 10.00 + tax at the till (US sales tax).' },
  { value: 'inclusive', label: 'Included in the price', description: 'Inclusive: the shelf price already contains it (VAT).' },
] as const;

function toForm(tax: Tax): TaxFormValues {
  return { name: tax.name, rate: tax.rate, isInclusive: tax.isInclusive, isCompound: tax.isCompound, active: tax.active };
}

/** /taxes/new and /taxes/{id}/edit. */
export function TaxFormPage() {
  const taxId = useRecordId();
  const tax = useTax(taxId);
  return (
    <RecordPage id={taxId} back={<BackLink to="/taxes">Taxes</BackLink>} query={tax} title="Edit tax">
      {(record) => <TaxForm key={taxId ?? 'new'} taxId={taxId} initial={record ? toForm(record) : blank} productCount={record?.productCount ?? 0} />}
    </RecordPage>
  );
}

function TaxForm({ taxId, initial, productCount }: { taxId: number | undefined; initial: TaxFormValues; productCount: number }) {
  const save = useSaveTax(taxId);
  const form = useSchemaForm(taxInput, { defaultValues: initial });
  const { errors } = form.formState;
  const [rate, isInclusive, isCompound] = useWatch({ control: form.control, name: ['rate', 'isInclusive', 'isCompound'] });

  const submit = useSaveAndReturn(save, { isNew: taxId === undefined, what: (saved) => `Tax “${saved.name}”`, to: '/taxes' });

  return (
    <Page>
      <PageHeader
        title={taxId === undefined ? 'New tax' : 'Edit tax'}
        description={
          taxId !== undefined && productCount > 0
            ? `${productCount} ${productCount === 1 ? 'product carries' : 'products carry'} this tax: a change applies to their next sales.`
            : undefined
        }
        back={<BackLink to="/taxes">Taxes</BackLink>}
      />
      <Form form={form} onSubmit={submit}>
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
        <FormActions isPending={save.isPending} cancelTo="/taxes" />
      </Form>
    </Page>
  );
}
