import { staffCreateInput, staffUpdateInput, type StaffUser } from '@tillbook/contract';
import { useController } from 'react-hook-form';
import { useParams } from 'react-router';
import { Block } from '../../components/ui/block.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Select } from '../../components/ui/select.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { useUser } from '../../lib/auth.ts';
import type { FieldsProps, FormMode } from './form-mode.ts';
import { useOutletNames, useSaveStaffUser, useStaffUser, useUserTypes } from './users-api.ts';

export type UserFormValues = {
  name: string;
  username: string;
  email: string;
  type: 'administrator' | 'cashier';
  outletId: number | null;
  active: boolean;
  password: string;
  passwordConfirmation: string;
  pin: string;
  /** Not sent as such: turns into `pin: null` (clear the PIN). */
  removePin: boolean;
};

function UserFields({ form, isNew, hasPin }: FieldsProps<UserFormValues>) {
  const { errors } = form.formState;
  const types = useUserTypes();
  const outlets = useOutletNames();
  const typeField = useController({ control: form.control, name: 'type' });
  const outletField = useController({ control: form.control, name: 'outletId' });
  const type = typeField.field.value;
  const removePin = form.watch('removePin');
  const typeDescription = types.data?.find((t) => t.id === type)?.description;
  const keepHint = isNew ? undefined : 'Leave empty to keep the current password.';
  // An administrator cannot lock themselves out (the server refuses it too): their own type and Active stay as they are.
  const me = useUser();
  const { id } = useParams();
  const isSelf = !isNew && me !== null && String(me.id) === id;
  const selfHint = 'Your own account: another administrator can change its type or deactivate it.';
  return (
    <>
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
          <Field
            label={type === 'cashier' ? 'Outlet' : 'Outlet (optional)'}
            error={errors.outletId?.message}
            hint={type === 'cashier' ? 'The store this cashier works at.' : undefined}
          >
            <Select
              {...outletField.field}
              value={outletField.field.value === null ? '' : String(outletField.field.value)}
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
              <Checkbox label="Remove the PIN" {...form.register('removePin')} />
            </div>
          )}
        </div>
      </Block>
    </>
  );
}

export const userFormMode: FormMode<StaffUser, UserFormValues> = {
  singular: 'staff user',
  capitalSingular: 'Staff user',
  basePath: '/users',
  listLabel: 'Staff',
  newTitle: 'New staff user',
  editTitle: () => 'Edit staff user',
  schema: (isNew) => (isNew ? staffCreateInput : staffUpdateInput),
  blank: {
    name: '',
    username: '',
    email: '',
    type: 'cashier',
    outletId: null,
    active: true,
    password: '',
    passwordConfirmation: '',
    pin: '',
    removePin: false,
  },
  toForm: (u) => ({
    name: u.name,
    username: u.username,
    email: u.email ?? '',
    type: u.type,
    outletId: u.outletId,
    active: u.active,
    password: '',
    passwordConfirmation: '',
    pin: '',
    removePin: false,
  }),
  fields: ['name', 'username', 'email', 'type', 'outletId', 'active', 'password', 'passwordConfirmation', 'pin'],
  Fields: UserFields,
  toInput: (values, raw, isNew) => {
    const { removePin: _removePin, ...rest } = values;
    if (isNew) return rest;
    // On edit an empty PIN keeps the current one; "Remove the PIN" clears it.
    return { ...rest, pin: raw.removePin ? null : raw.pin.trim() ? values.pin : undefined };
  },
  useItem: useStaffUser,
  useSave: useSaveStaffUser as FormMode<StaffUser, UserFormValues>['useSave'],
};
