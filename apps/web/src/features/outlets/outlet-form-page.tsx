import { zodResolver } from '@hookform/resolvers/zod';
import { outletInput, type Outlet, type OutletInput } from '@tillbook/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Block } from '../../components/ui/block.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Page, PageHeader } from '../../components/ui/page-header.tsx';
import { PageLoading } from '../../components/page-loading.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { applyServerErrors } from '../../lib/forms.ts';
import { errorMessageOf } from '../../lib/api-error.ts';
import { notify } from '../../lib/notifications.tsx';
import { useOutlet, useSaveOutlet } from './api.ts';

const fields = ['name', 'code', 'address', 'phone', 'email', 'taxNumber', 'active'] as const;
const blank: OutletInput = { name: '', code: '', address: '', phone: '', email: '', taxNumber: '', active: true };

function toForm(outlet: Outlet): OutletInput {
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
  const { id } = useParams();
  const outletId = id === undefined ? undefined : Number(id);
  const outlet = useOutlet(outletId);
  if (outletId !== undefined && outlet.isPending) return <PageLoading className="py-24" />;
  if (outletId !== undefined && outlet.isError) {
    return (
      <Page>
        <PageHeader title="Edit outlet" />
        <Alert tone="error">{errorMessageOf(outlet.error)}</Alert>
      </Page>
    );
  }
  return <OutletForm key={outletId ?? 'new'} outletId={outletId} initial={outlet.data ? toForm(outlet.data) : blank} />;
}

function OutletForm({ outletId, initial }: { outletId: number | undefined; initial: OutletInput }) {
  const navigate = useNavigate();
  const save = useSaveOutlet(outletId);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<OutletInput, unknown, OutletInput>({
    resolver: zodResolver(outletInput) as never,
    defaultValues: initial,
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    save.mutate(values, {
      onSuccess: (saved) => {
        notify.success(outletId === undefined ? `Outlet “${saved.name}” created.` : `Outlet “${saved.name}” saved.`);
        navigate('/outlets');
      },
      onError: (error) => setFormError(applyServerErrors(error, form.setError, fields)),
    });
  });

  return (
    <Page>
      <PageHeader
        title={outletId === undefined ? 'New outlet' : 'Edit outlet'}
        back={<Link to="/outlets" className="text-indigo-700 hover:underline">← Outlets</Link>}
      />
      <form onSubmit={onSubmit} noValidate className="max-w-3xl space-y-6">
        {formError && <Alert tone="error">{formError}</Alert>}
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
        <div className="flex gap-3">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Processing' : 'Save'}
          </Button>
          <Link to="/outlets">
            <Button variant="ghost" tabIndex={-1}>
              Cancel
            </Button>
          </Link>
        </div>
      </form>
    </Page>
  );
}
