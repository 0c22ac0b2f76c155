import { customerInput, type Customer } from '@tillbook/contract';
import { Block } from '../../components/ui/block.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Field } from '../../components/ui/field.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { useCustomer, useSaveCustomer } from './customers-api.ts';
import type { FieldsProps, FormMode } from './form-mode.ts';

export type CustomerFormValues = {
  name: string;
  email: string;
  phone: string;
  address: string;
  birthday: string;
  marketingConsent: boolean;
};

function CustomerFields({ form }: FieldsProps<CustomerFormValues>) {
  const { errors } = form.formState;
  return (
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
          <TextInput {...form.register('birthday')} type="date" max={new Date().toISOString().slice(0, 10)} />
        </Field>
        <div className="flex items-end pb-2">
          <Checkbox
            label="Agrees to marketing"
            description="May receive offers by e-mail or text message."
            {...form.register('marketingConsent')}
          />
        </div>
      </div>
      {errors.marketingConsent?.message && <p className="mt-2 text-sm text-red-600">{errors.marketingConsent.message}</p>}
    </Block>
  );
}

export const customerFormMode: FormMode<Customer, CustomerFormValues> = {
  singular: 'customer',
  capitalSingular: 'Customer',
  basePath: '/customers',
  listLabel: 'Customers',
  newTitle: 'New customer',
  editTitle: (c) => c?.name ?? 'Edit customer',
  schema: () => customerInput,
  blank: { name: '', email: '', phone: '', address: '', birthday: '', marketingConsent: false },
  toForm: (c) => ({
    name: c.name,
    email: c.email ?? '',
    phone: c.phone ?? '',
    address: c.address ?? '',
    birthday: c.birthday ?? '',
    marketingConsent: c.marketingConsent,
  }),
  fields: ['name', 'email', 'phone', 'address', 'birthday', 'marketingConsent'],
  Fields: CustomerFields,
  toInput: (values) => values,
  useItem: useCustomer,
  useSave: useSaveCustomer as FormMode<Customer, CustomerFormValues>['useSave'],
};
