import { BackLink } from '../../components/back-link.tsx';
import { outletInput, type Outlet } from '@tillbook/contract';
import type { z } from 'zod';
import { Form, FormActions, useSaveAndReturn, useSchemaForm } from '../../components/form.tsx';
import { RecordPage, useRecordId } from '../../components/record-page.tsx';
import { Block } from '../../components/ui/block.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Page, PageHeader } from '../../components/ui/page-header.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { useOutlet, useSaveOutlet } from './api.ts';

type OutletValues = z.input<typeof outletInput>;

const blank: OutletValues = { name: '', code: '', address: '', phone: '', email: '', taxNumber: '', active: true };

function toForm(outlet: Outlet): OutletValues {
  return {
    name: outlet.name,
    code: outlet.code,
    address: outlet.address ?? '',
    phone: outlet.phone ?? '',
    email: outlet.email ?? '',
    taxNumber: outlet.taxNumber ?? '',
    active: outlet.active,
  };
}

/** /outlets/new and /outlets/{id}/edit. */
export function OutletFormPage() {
  const outletId = useRecordId();
  const outlet = useOutlet(outletId);
  return (
    <RecordPage id={outletId} back={<BackLink to="/outlets">Outlets</BackLink>} query={outlet} title="Edit outlet">
      {(record) => <OutletForm key={outletId ?? 'new'} outletId={outletId} initial={record ? toForm(record) : blank} />}
    </RecordPage>
  );
}

function OutletForm({ outletId, initial }: { outletId: number | undefined; initial: OutletValues }) {
  const save = useSaveOutlet(outletId);
  const form = useSchemaForm(outletInput, { defaultValues: initial });
  const { errors } = form.formState;

  const submit = useSaveAndReturn(save, { isNew: outletId === undefined, what: (saved) => `Outlet “${saved.name}”`, to: '/outlets' });

  return (
    <Page>
      <PageHeader title={outletId === undefined ? 'New outlet' : 'Edit outlet'} back={<BackLink to="/outlets">Outlets</BackLink>} />
      <Form form={form} onSubmit={submit}>
        <Block title="Outlet">
          <div className="grid gap-5 sm:grid-cols-2">
            <Field label="Name" error={errors.name?.message}>
              <TextInput {...form.register('name')} autoFocus />
            </Field>
            <Field label="Code" error={errors.code?.message} hint="2–10 letters or digits; starts the outlet's order numbers (MAIN-000123).">
              <TextInput {...form.register('code')} className="uppercase" />
            </Field>
            <Field label="Address" error={errors.address?.message} className="sm:col-span-2">
              <Textarea {...form.register('address')} rows={2} />
            </Field>
            <Field label="Phone" error={errors.phone?.message}>
              <TextInput {...form.register('phone')} type="tel" />
            </Field>
            <Field label="E-mail" error={errors.email?.message}>
              <TextInput {...form.register('email')} type="email" />
            </Field>
            <Field label="Tax number" error={errors.taxNumber?.message}>
              <TextInput {...form.register('taxNumber')} />
            </Field>
            <div className="flex items-end pb-2">
              <Checkbox label="Active" description="Inactive outlets keep their history but cannot sell." {...form.register('active')} />
            </div>
          </div>
          {errors.active?.message && <p className="mt-2 text-sm text-red-600">{errors.active.message}</p>}
        </Block>
        <FormActions isPending={save.isPending} cancelTo="/outlets" />
      </Form>
    </Page>
  );
}
