import { BackLink } from '../../components/back-link.tsx';
import { customerInput, localToday, type Customer } from '@tillbook/contract';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import { Form, FormActions, useSaveAndReturn, useSchemaForm } from '../../components/form.tsx';
import { RecordPage, useRecordId } from '../../components/record-page.tsx';
import { Block } from '../../components/ui/block.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Page, PageHeader } from '../../components/ui/page-header.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { useCustomer, useSaveCustomer } from './api.ts';
import { useShopSettings } from '../../lib/shop-settings.ts';

type CustomerValues = z.input<typeof customerInput>;

const blank: CustomerValues = { name: '', email: '', phone: '', address: '', birthday: '', marketingConsent: false };

function toForm(customer: Customer): CustomerValues {
  return {
    name: customer.name,
    email: customer.email ?? '',
    phone: customer.phone ?? '',
    address: customer.address ?? '',
    birthday: customer.birthday ?? '',
    marketingConsent: customer.marketingConsent,
  };
}

/** /customers/new and the Details tab of /customers/{id}/edit (`tabs` above the form). */
export function CustomerFormPage({ tabs }: { tabs?: ReactNode }) {
  const customerId = useRecordId();
  const customer = useCustomer(customerId);
  return (
    <RecordPage id={customerId} back={<BackLink to="/customers">Customers</BackLink>} query={customer} title="Edit customer">
      {(record) => <CustomerForm key={customerId ?? 'new'} customerId={customerId} record={record} tabs={tabs} />}
    </RecordPage>
  );
}

type CustomerFormProps = { customerId: number | undefined; record: Customer | undefined; tabs?: ReactNode };

function CustomerForm({ customerId, record, tabs }: CustomerFormProps) {
  const save = useSaveCustomer(customerId);
  const form = useSchemaForm(customerInput, { defaultValues: record ? toForm(record) : blank });
  // The date picker offers no day after today on the shop's clock.
  const today = localToday(useShopSettings().timeZone);
  const { errors } = form.formState;

  const submit = useSaveAndReturn(save, { isNew: customerId === undefined, what: (saved) => `Customer “${saved.name}”`, to: '/customers' });

  return (
    <Page>
      <PageHeader
        title={customerId === undefined ? 'New customer' : (record?.name ?? 'Edit customer')}
        back={
          <BackLink to="/customers">Customers</BackLink>
        }
      />
      {tabs}
      <Form form={form} onSubmit={submit}>
        <Block title="Customer">
          <div className="grid gap-5 sm:grid-cols-2">
            <Field label="Name" error={errors.name?.message} className="sm:col-span-2">
              <TextInput {...form.register('name')} autoFocus autoComplete="off" />
            </Field>
            <Field label="E-mail" error={errors.email?.message}>
              <TextInput {...form.register('email')} type="email" autoComplete="off" />
            </Field>
            <Field label="Phone" error={errors.phone?.message}>
              <TextInput {...form.register('phone')} type="tel" autoComplete="off" />
            </Field>
            <Field label="Address" error={errors.address?.message} className="sm:col-span-2">
              <Textarea {...form.register('address')} rows={2} />
            </Field>
            <Field label="Birthday" error={errors.birthday?.message}>
              <TextInput {...form.register('birthday')} type="date" max={today} />
            </Field>
            <div className="flex items-end pb-2">
              <Checkbox label="Agrees to marketing" description="May receive offers by e-mail or text message." {...form.register('marketingConsent')} />
            </div>
          </div>
          {errors.marketingConsent?.message && <p className="mt-2 text-sm text-red-600">{errors.marketingConsent.message}</p>}
        </Block>
        <FormActions isPending={save.isPending} cancelTo="/customers" />
      </Form>
    </Page>
  );
}
