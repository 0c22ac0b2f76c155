import { BackLink } from '../../components/back-link.tsx';
import { staffCreateInput, staffUpdateInput, type StaffUser } from '@tillbook/contract';
import { useState } from 'react';
import { useController } from 'react-hook-form';
import type { z } from 'zod';
import { Form, FormActions, useSaveAndReturn, useSchemaForm } from '../../components/form.tsx';
import { RecordPage, useRecordId } from '../../components/record-page.tsx';
import { Block } from '../../components/ui/block.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Page, PageHeader } from '../../components/ui/page-header.tsx';
import { Select } from '../../components/ui/select.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { useUser } from '../../lib/auth.ts';
import { useOutletChoices } from '../../lib/choices.ts';
import { useSaveStaffUser, useStaffUser, useUserTypes } from './api.ts';

type UserValues = z.input<typeof staffUpdateInput>;

const blank: UserValues = { name: '', username: '', email: '', type: 'cashier', outletId: null, active: true, password: '', passwordConfirmation: '', pin: '' };

function toForm(user: StaffUser): UserValues {
  return { name: user.name, username: user.username, email: user.email ?? '', type: user.type, outletId: user.outletId, active: user.active, password: '', passwordConfirmation: '', pin: '' };
}

/** /users/new and /users/{id}/edit. */
export function UserFormPage() {
  const userId = useRecordId();
  const user = useStaffUser(userId);
  return (
    <RecordPage id={userId} back={<BackLink to="/users">Staff</BackLink>} query={user} title="Edit staff user">
      {(record) => <UserForm key={userId ?? 'new'} userId={userId} record={record} />}
    </RecordPage>
  );
}

const selfHint = 'Your own account: another administrator can change its type or deactivate it.';

function UserForm({ userId, record }: { userId: number | undefined; record: StaffUser | undefined }) {
  const isNew = userId === undefined;
  const hasPin = record?.hasPin ?? false;
  const save = useSaveStaffUser(userId);
  const form = useSchemaForm(isNew ? staffCreateInput : staffUpdateInput, { defaultValues: record ? toForm(record) : blank });
  const { errors } = form.formState;
  // Not a field of the request: it turns into `pin: null` (clear the PIN).
  const [removePin, setRemovePin] = useState(false);
  const types = useUserTypes();
  const outlets = useOutletChoices();
  const typeField = useController({ control: form.control, name: 'type' });
  const outletField = useController({ control: form.control, name: 'outletId' });
  const type = typeField.field.value;
  const typeDescription = types.data?.find((t) => t.id === type)?.description;
  const keepHint = isNew ? undefined : 'Leave empty to keep the current password.';
  // An administrator cannot lock themselves out (the server refuses it too): their own type and Active stay as they are.
  const me = useUser();
  const isSelf = !isNew && me !== null && me.id === userId;

  const saveAndReturn = useSaveAndReturn(save, { isNew, what: (saved) => `Staff user “${saved.name}”`, to: '/users' });

  async function submit(values: z.output<typeof staffUpdateInput>) {
    // On edit an empty PIN keeps the current one; "Remove the PIN" clears it.
    const typedPin = form.getValues('pin');
    const input = isNew ? values : { ...values, pin: removePin ? null : typedPin?.trim() ? values.pin : undefined };
    await saveAndReturn(input);
  }

  return (
    <Page>
      <PageHeader
        title={isNew ? 'New staff user' : 'Edit staff user'}
        back={
          <BackLink to="/users">Staff</BackLink>
        }
      />
      <Form form={form} onSubmit={submit}>
        <Block title="Staff user">
          <div className="grid gap-5 sm:grid-cols-2">
            <Field label="Name" error={errors.name?.message}>
              <TextInput {...form.register('name')} autoFocus autoComplete="off" />
            </Field>
            <Field label="Username" error={errors.username?.message} hint="3–60 letters, digits, dots, dashes or underscores; used to sign in.">
              <TextInput {...form.register('username')} autoComplete="off" />
            </Field>
            <Field label="E-mail" error={errors.email?.message} hint="Optional; also works to sign in.">
              <TextInput {...form.register('email')} type="email" autoComplete="off" />
            </Field>
            <Field label="Type" error={errors.type?.message} hint={isSelf ? selfHint : typeDescription}>
              <Select {...typeField.field} disabled={isSelf}>
                {(types.data ?? [{ id: type, name: type === 'cashier' ? 'Cashier' : 'Administrator', description: '' }]).map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.name}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label={type === 'cashier' ? 'Outlet' : 'Outlet (optional)'} error={errors.outletId?.message} hint={type === 'cashier' ? 'The store this cashier works at.' : undefined}>
              <Select
                {...outletField.field}
                value={outletField.field.value == null ? '' : String(outletField.field.value)}
                onChange={(e) => outletField.field.onChange(e.target.value === '' ? null : Number(e.target.value))}
              >
                <option value="">{outlets.isPending ? 'Loading outlets…' : 'No outlet'}</option>
                {outlets.data?.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.name}
                  </option>
                ))}
              </Select>
            </Field>
            <div className="flex items-end pb-2">
              <Checkbox
                label="Active"
                description={isSelf ? 'You cannot deactivate your own account.' : 'Inactive staff cannot sign in; signing them out happens at once.'}
                {...form.register('active')}
                disabled={isSelf}
              />
            </div>
          </div>
          {errors.active?.message && <p className="mt-2 text-sm text-red-600">{errors.active.message}</p>}
        </Block>
        <Block title={isNew ? 'Password and PIN' : 'Reset password or PIN'}>
          <div className="grid gap-5 sm:grid-cols-2">
            <Field label="Password" error={errors.password?.message} hint={keepHint ?? 'At least 8 characters.'}>
              <TextInput {...form.register('password')} type="password" autoComplete="new-password" />
            </Field>
            <Field label="Confirm password" error={errors.passwordConfirmation?.message}>
              <TextInput {...form.register('passwordConfirmation')} type="password" autoComplete="new-password" />
            </Field>
            <Field
              label="PIN"
              error={errors.pin?.message}
              hint={isNew ? 'Optional: 4 to 6 digits for quick sign-in at the register.' : hasPin ? 'Leave empty to keep the current PIN.' : 'No PIN yet; 4 to 6 digits.'}
            >
              <TextInput {...form.register('pin')} inputMode="numeric" autoComplete="off" disabled={removePin} />
            </Field>
            {!isNew && hasPin && (
              <div className="flex items-end pb-2">
                <Checkbox label="Remove the PIN" checked={removePin} onChange={(e) => setRemovePin(e.target.checked)} />
              </div>
            )}
          </div>
        </Block>
        <FormActions isPending={save.isPending} cancelTo="/users" />
      </Form>
    </Page>
  );
}
