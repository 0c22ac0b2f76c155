import type { ProductInput } from '@tillbook/contract';
import { BackLink } from '../../components/back-link.tsx';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Form, FormActions, useSchemaForm } from '../../components/form.tsx';
import { RecordPage, useRecordId } from '../../components/record-page.tsx';
import { Block } from '../../components/ui/block.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { ConfirmDialog } from '../../components/ui/dialog.tsx';
import { ChipsSelect, type ChipOption } from '../../components/ui/chips-select.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Page, PageHeader } from '../../components/ui/page-header.tsx';
import { Select } from '../../components/ui/select.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { useCategoryChoices, useChargeChoices, useOutletChoices, useTaxChoices } from '../../lib/choices.ts';
import { notify } from '../../lib/notifications.tsx';
import { shopSettingsQuery, useMoney } from '../../lib/shop-settings.ts';
import { useProduct, useSaveProduct } from './api.ts';
import { blankProduct, productFormSchema, toForm, type ProductForm } from './form-model.ts';
import { ProductActivity } from './product-activity.tsx';
import { ProductImages } from './product-images.tsx';
import { StockSection } from './stock-section.tsx';
import { VariantsSection } from './variants-section.tsx';

/** /products/new and /products/{id}/edit. */
export function ProductFormPage() {
  const productId = useRecordId();
  const product = useProduct(productId);
  const outlets = useOutletChoices();
  // A new product starts with the shop's default taxes: wait for them rather than start with none.
  const settings = useQuery(shopSettingsQuery);
  const money = useMoney();
  const outletIds = (outlets.data ?? []).map((o) => o.id);
  return (
    <RecordPage id={productId} back={<BackLink to="/products">Products</BackLink>} query={product} needs={productId === undefined ? [settings, outlets] : [outlets]} title={productId === undefined ? 'New product' : 'Edit product'}>
      {(record) => (
        <ProductFormScreen
          key={productId ?? 'new'}
          productId={productId}
          initial={record ? toForm(record, outletIds, money) : blankProduct(outletIds, settings.data?.defaultTaxIds ?? [])}
        />
      )}
    </RecordPage>
  );
}

type ChoicesFieldProps = { name: 'categoryIds' | 'taxIds' | 'chargeIds'; label: string; options: ChipOption[] | undefined; emptyText: string };

/** The categories, taxes or charges of the product, picked from the shop's. */
function ChoicesField({ name, label, options, emptyText }: ChoicesFieldProps) {
  const { control, formState } = useFormContext<ProductForm>();
  return (
    <Field label={label} error={formState.errors[name]?.message}>
      <Controller control={control} name={name} render={({ field }) => <ChipsSelect label={label} options={options} value={field.value} onChange={field.onChange} emptyText={emptyText} />} />
    </Field>
  );
}

/** A question the save waits for: `ask()` opens it and resolves with the answer. */
function useQuestion() {
  const [answer, setAnswer] = useState<((yes: boolean) => void) | null>(null);
  const ask = () => new Promise<boolean>((resolve) => setAnswer(() => resolve));
  const reply = (yes: boolean) => {
    answer?.(yes);
    setAnswer(null);
  };
  return { isOpen: answer !== null, ask, reply };
}

function ProductFormScreen({ productId, initial }: { productId: number | undefined; initial: ProductForm }) {
  const navigate = useNavigate();
  const money = useMoney();
  const save = useSaveProduct(productId);
  const categories = useCategoryChoices();
  const taxes = useTaxChoices();
  const charges = useChargeChoices();
  /** A product about to be saved with no tax, waiting for the administrator to say so. */
  const withoutTax = useQuestion();
  const isNew = productId === undefined;
  const schema = useMemo(() => productFormSchema(money, isNew), [money, isNew]);
  const form = useSchemaForm(schema, { defaultValues: initial });
  const { errors } = form.formState;

  async function submit(input: ProductInput) {
    const typed = structuredClone(form.getValues());
    // No tax is a choice worth a question (a new product, or one whose taxes were all taken off),
    // as long as the shop has taxes to choose from.
    const isTaxFree = (input.taxIds ?? []).length === 0 && (isNew || initial.taxIds.length > 0) && (taxes.data?.length ?? 0) > 0;
    if (isTaxFree && !(await withoutTax.ask())) return;
    const saved = await save.mutateAsync(input);
    notify.success(isNew ? `Product “${saved.title}” created.` : `Product “${saved.title}” saved.`);
    if (isNew) navigate(`/products/${saved.id}/edit`, { replace: true });
    else form.reset(typed);
  }

  return (
    <Page>
      <PageHeader title={isNew ? 'New product' : 'Edit product'} back={<BackLink to="/products">Products</BackLink>} />
      <Form form={form} onSubmit={submit} className="space-y-6">
        <Block title="Details">
          <div className="grid gap-5 sm:grid-cols-2">
            <Field label="Title" error={errors.title?.message} className="sm:col-span-2">
              <TextInput {...form.register('title')} autoFocus={isNew} />
            </Field>
            <Field label="Description" error={errors.description?.message} className="sm:col-span-2">
              <Textarea {...form.register('description')} rows={3} />
            </Field>
            <Field label="Status" error={errors.status?.message}>
              <Select {...form.register('status')}>
                <option value="active">Active — on sale</option>
                <option value="archived">Archived — hidden from the till</option>
              </Select>
            </Field>
            <div className="flex items-end pb-2">
              <Checkbox label="Track stock" description="Count units per outlet and warn when they run low." {...form.register('trackStock')} />
            </div>
          </div>
        </Block>
        <Block title="Organisation and pricing rules">
          <div className="grid gap-5 sm:grid-cols-3">
            <ChoicesField name="categoryIds" label="Categories" options={categories.data} emptyText="No categories yet — add them under Categories." />
            <ChoicesField name="taxIds" label="Taxes" options={taxes.data} emptyText="No taxes yet — add them under Taxes." />
            <ChoicesField name="chargeIds" label="Additional charges" options={charges.data} emptyText="No charges yet — add them under Additional charges." />
          </div>
        </Block>
        <VariantsSection />
        <StockSection productId={productId} />
        <FormActions isPending={save.isPending} cancelTo="/products" />
      </Form>
      <ConfirmDialog
        open={withoutTax.isOpen}
        title="Save without tax?"
        confirmLabel="Save without tax"
        tone="primary"
        isBusy={save.isPending}
        onConfirm={() => withoutTax.reply(true)}
        onCancel={() => withoutTax.reply(false)}
      >
        No tax is chosen for this product, so the till will charge none on it. Choose its taxes under Taxes, or save it
        without tax if it is sold tax-free.
      </ConfirmDialog>
      {productId !== undefined && (
        <div className="mt-8 space-y-6">
          <ProductImages productId={productId} />
          <ProductActivity productId={productId} />
        </div>
      )}
    </Page>
  );
}
