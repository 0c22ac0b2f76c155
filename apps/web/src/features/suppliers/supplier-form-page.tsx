import { BackLink } from '../../components/back-link.tsx';
import { paymentTermSuggestions, type SupplierInput } from '@tillbook/contract';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { Form, FormActions, useSchemaForm } from '../../components/form.tsx';
import { RecordPage, useRecordId } from '../../components/record-page.tsx';
import { Block } from '../../components/ui/block.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Page, PageHeader } from '../../components/ui/page-header.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { notify } from '../../lib/notifications.tsx';
import { useMoney } from '../../lib/shop-settings.ts';
import { useSaveSupplier, useSupplier } from './api.ts';
import { blankSupplier, supplierFormSchema, toForm, type SupplierForm } from './form-model.ts';
import { SupplierProductsSection } from './supplier-products-section.tsx';

/** /suppliers/new and /suppliers/{id}/edit. */
export function SupplierFormPage() {
  const supplierId = useRecordId();
  const supplier = useSupplier(supplierId);
  const money = useMoney();
  return (
    <RecordPage id={supplierId} back={<BackLink to="/suppliers">Suppliers</BackLink>} query={supplier} title="Edit supplier">
      {(record) => <SupplierFormBody key={supplierId ?? 'new'} supplierId={supplierId} initial={record ? toForm(record, money) : blankSupplier} />}
    </RecordPage>
  );
}

function SupplierFormBody({ supplierId, initial }: { supplierId: number | undefined; initial: SupplierForm }) {
  const navigate = useNavigate();
  const money = useMoney();
  const save = useSaveSupplier(supplierId);
  const schema = useMemo(() => supplierFormSchema(money), [money]);
  const form = useSchemaForm(schema, { defaultValues: initial });
  const { errors } = form.formState;
  const isNew = supplierId === undefined;

  async function submit(input: SupplierInput) {
    const saved = await save.mutateAsync(input);
    notify.success(isNew ? `Supplier “${saved.companyName}” created.` : `Supplier “${saved.companyName}” saved.`);
    navigate('/suppliers');
  }

  return (
    <Page>
      <PageHeader title={isNew ? 'New supplier' : 'Edit supplier'} back={<BackLink to="/suppliers">Suppliers</BackLink>} />
      <Form form={form} onSubmit={submit} className="max-w-5xl space-y-6">
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
        <FormActions isPending={save.isPending} cancelTo="/suppliers" />
      </Form>
    </Page>
  );
}
