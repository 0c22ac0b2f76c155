import type { ProductInput } from '@tillbook/contract';
import { BackLink } from '../../components/back-link.tsx';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, FormProvider, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { FormActions } from '../../components/form.tsx';
import { RecordPage, useRecordId } from '../../components/record-page.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Block } from '../../components/ui/block.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { ConfirmDialog } from '../../components/ui/dialog.tsx';
import { ChipsSelect } from '../../components/ui/chips-select.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Page, PageHeader } from '../../components/ui/page-header.tsx';
import { Select } from '../../components/ui/select.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { useCategoryChoices, useChargeChoices, useOutletChoices, useTaxChoices } from '../../lib/choices.ts';
import { applyServerErrors } from '../../lib/forms.ts';
import { notify } from '../../lib/notifications.tsx';
import { shopSettingsQuery, useMoney } from '../../lib/shop-settings.ts';
import { useProduct, useSaveProduct } from './api.ts';
import { blankProduct, productFormFields, toForm, toInput, type ProductForm } from './form-model.ts';
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

function ProductFormScreen({ productId, initial }: { productId: number | undefined; initial: ProductForm }) {
  const navigate = useNavigate();
  const money = useMoney();
  const save = useSaveProduct(productId);
  const categories = useCategoryChoices();
  const taxes = useTaxChoices();
  const charges = useChargeChoices();
  const [formError, setFormError] = useState<string | null>(null);
  /** A product about to be saved with no tax, waiting for the administrator to say so. */
  const [withoutTax, setWithoutTax] = useState<{ input: ProductInput; values: ProductForm } | null>(null);
  const form = useForm<ProductForm>({ defaultValues: initial });
  const { errors } = form.formState;
  const isNew = productId === undefined;

  const send = (input: ProductInput, values: ProductForm) => {
    setWithoutTax(null);
    save.mutate(input, {
      onSuccess: (saved) => {
        notify.success(isNew ? `Product “${saved.title}” created.` : `Product “${saved.title}” saved.`);
        if (isNew) navigate(`/products/${saved.id}/edit`, { replace: true });
        else form.reset(values);
      },
      onError: (error) => setFormError(applyServerErrors(error, form.setError, productFormFields)),
    });
  };

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    const result = toInput(values, money, isNew);
    if ('errors' in result) {
      for (const [field, message] of Object.entries(result.errors)) form.setError(field as never, { type: 'client', message });
      return;
    }
    // No tax is a choice worth a question (a new product, or one whose taxes were all taken off),
    // as long as the shop has taxes to choose from.
    const isTaxFree = (result.input.taxIds ?? []).length === 0 && (isNew || initial.taxIds.length > 0) && (taxes.data?.length ?? 0) > 0;
    if (isTaxFree) setWithoutTax({ input: result.input, values });
    else send(result.input, values);
  });

  return (
    <Page>
      <PageHeader
        title={isNew ? 'New product' : 'Edit product'}
        back={<BackLink to="/products">Products</BackLink>}
      />
      <FormProvider {...form}>
        <form onSubmit={onSubmit} noValidate className="space-y-6">
          {formError && <Alert tone="error">{formError}</Alert>}
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
              <Field label="Categories" error={errors.categoryIds?.message}>
                <Controller
                  control={form.control}
                  name="categoryIds"
                  render={({ field }) => (
                    <ChipsSelect label="Categories" options={categories.data} value={field.value} onChange={field.onChange} emptyText="No categories yet — add them under Categories." />
                  )}
                />
              </Field>
              <Field label="Taxes" error={errors.taxIds?.message}>
                <Controller
                  control={form.control}
                  name="taxIds"
                  render={({ field }) => (
                    <ChipsSelect label="Taxes" options={taxes.data} value={field.value} onChange={field.onChange} emptyText="No taxes yet — add them under Taxes." />
                  )}
                />
              </Field>
              <Field label="Additional charges" error={errors.chargeIds?.message}>
                <Controller
                  control={form.control}
                  name="chargeIds"
                  render={({ field }) => (
                    <ChipsSelect
                      label="Additional charges"
                      options={charges.data}
                      value={field.value}
                      onChange={field.onChange}
                      emptyText="No charges yet — add them under Additional charges."
                    />
                  )}
                />
              </Field>
            </div>
          </Block>
          <VariantsSection />
          <StockSection productId={productId} />
          <FormActions isPending={save.isPending} cancelTo="/products" />
        </form>
      </FormProvider>
      <ConfirmDialog
        open={withoutTax !== null}
        title="Save without tax?"
        confirmLabel="Save without tax"
        tone="primary"
        isBusy={save.isPending}
        onConfirm={() => withoutTax && send(withoutTax.input, withoutTax.values)}
        onCancel={() => setWithoutTax(null)}
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
