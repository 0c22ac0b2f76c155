import { paymentTermSuggestions } from '@tillbook/contract';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { PageLoading } from '../../components/page-loading.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Block } from '../../components/ui/block.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Page, PageHeader } from '../../components/ui/page-header.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { applyServerErrors } from '../../lib/forms.ts';
import { errorMessageOf } from '../../lib/api-error.ts';
import { notify } from '../../lib/notifications.tsx';
import { useMoney } from '../../lib/shop-settings.ts';
import { useSaveSupplier, useSupplier } from './api.ts';
import { blankSupplier, supplierFormFields, toForm, toInput, type SupplierForm } from './form-model.ts';
import { SupplierProductsSection } from './supplier-products-section.tsx';

/** /suppliers/new and /suppliers/{id}/edit. */
export function SupplierFormPage() {
  const { id } = useParams();
  const supplierId = id === undefined ? undefined : Number(id);
  const supplier = useSupplier(supplierId);
  const money = useMoney();
  if (supplierId !== undefined && supplier.isPending) return <PageLoading className="py-24" />;
  if (supplierId !== undefined && supplier.isError) {
    return (
      <Page>
        <PageHeader title="Edit supplier" />
        <Alert tone="error">{errorMessageOf(supplier.error)}</Alert>
      </Page>
    );
  }
  return (
    <SupplierFormBody
      key={supplierId ?? 'new'}
      supplierId={supplierId}
      initial={supplier.data ? toForm(supplier.data, money) : blankSupplier}
    />
  );
}

function SupplierFormBody({ supplierId, initial }: { supplierId: number | undefined; initial: SupplierForm }) {
  const navigate = useNavigate();
  const money = useMoney();
  const save = useSaveSupplier(supplierId);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<SupplierForm>({ defaultValues: initial });
  const { errors } = form.formState;
  const isNew = supplierId === undefined;

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    const result = toInput(values, money);
    if ('errors' in result) {
      for (const [field, message] of Object.entries(result.errors)) form.setError(field as never, { type: 'client', message });
      return;
    }
    save.mutate(result.input, {
      onSuccess: (saved) => {
        notify.success(isNew ? `Supplier “${saved.companyName}” created.` : `Supplier “${saved.companyName}” saved.`);
        navigate('/suppliers');
      },
      onError: (error) => setFormError(applyServerErrors(error, form.setError, supplierFormFields)),
    });
  });

  return (
    <Page>
      <PageHeader
        title={isNew ? 'New supplier' : 'Edit supplier'}
        back={<Link to="/suppliers" className="text-indigo-700 hover:underline">← Suppliers</Link>}
      />
      <FormProvider {...form}>
        <form onSubmit={onSubmit} noValidate className="max-w-5xl space-y-6">
          {formError && <Alert tone="error">{formError}</Alert>}
          <Block title="Supplier">
            <div className="grid gap-5 sm:grid-cols-2">
              <Field label="Company name" error={errors.companyName?.message}>
                <TextInput {...form.register('companyName')} autoFocus={isNew} />
              </Field>
              <Field label="Contact person" error={errors.contactPerson?.message}>
                <TextInput {...form.register('contactPerson')} />
              </Field>
              <Field label="E-mail" error={errors.email?.message}>
                <TextInput {...form.register('email')} type="email" />
              </Field>
              <Field label="Phone" error={errors.phone?.message}>
                <TextInput {...form.register('phone')} type="tel" />
              </Field>
              <Field label="Address" error={errors.address?.message} className="sm:col-span-2">
                <Textarea {...form.register('address')} rows={2} />
              </Field>
              <Field label="Tax number" error={errors.taxNumber?.message}>
                <TextInput {...form.register('taxNumber')} />
              </Field>
              <Field label="Payment terms" error={errors.paymentTerms?.message} hint="Choose a common term or type your own.">
                <TextInput {...form.register('paymentTerms')} list="supplier-payment-terms" />
              </Field>
              <Field label="Notes" error={errors.notes?.message} className="sm:col-span-2">
                <Textarea {...form.register('notes')} rows={3} />
              </Field>
              <div className="sm:col-span-2">
                <Checkbox label="Active" description="Inactive suppliers are kept but not offered for new goods orders." {...form.register('active')} />
              </div>
            </div>
            <datalist id="supplier-payment-terms">
              {paymentTermSuggestions.map((term) => (
                <option key={term} value={term} />
              ))}
            </datalist>
          </Block>
          <SupplierProductsSection />
          <div className="flex gap-3">
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Processing' : 'Save'}
            </Button>
            <Link to="/suppliers">
              <Button variant="ghost" tabIndex={-1}>
                Cancel
              </Button>
            </Link>
          </div>
        </form>
      </FormProvider>
    </Page>
  );
}
