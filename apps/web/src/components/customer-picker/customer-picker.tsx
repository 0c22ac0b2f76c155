import type { Customer } from '@tillbook/contract';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { apiErrorOf, errorMessageOf } from '../../lib/api-error.ts';
import { Button } from '../ui/button.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { Field } from '../ui/field.tsx';
import { SearchInput } from '../ui/search-input.tsx';
import { TextInput } from '../ui/text-input.tsx';
import { useCustomerSearch, useQuickCreateCustomer } from './api.ts';

/** The customer a sale or an order takes: enough to show it and to e-mail its receipt. */
export type PickedCustomer = { id: number; name: string; email: string | null; pointsBalance: number };

type CustomerPickerProps = {
  open: boolean;
  onPick: (customer: PickedCustomer) => void;
  onClose: () => void;
  /** What the customer is for ("Customer for this sale" when not said). */
  title?: string;
};

function pickedCustomerOf(customer: Customer): PickedCustomer {
  return { id: customer.id, name: customer.name, email: customer.email, pointsBalance: customer.pointsBalance };
}

/** Attach a customer to a sale or an order: search, or create one with a name and a phone or e-mail. */
export function CustomerPicker({ open, onPick, onClose, title = 'Customer for this sale' }: CustomerPickerProps) {
  const [isCreating, setIsCreating] = useState(false);
  function close() {
    setIsCreating(false);
    onClose();
  }
  return (
    <Dialog open={open} title={isCreating ? 'New customer' : title} onClose={close}>
      {isCreating ? (
        <QuickCreate onCreated={(c) => { setIsCreating(false); onPick(pickedCustomerOf(c)); }} onCancel={() => setIsCreating(false)} />
      ) : (
        <CustomerSearch onPick={(c) => onPick(pickedCustomerOf(c))} onCreate={() => setIsCreating(true)} onClose={close} />
      )}
    </Dialog>
  );
}

function CustomerSearch({ onPick, onCreate, onClose }: { onPick: (c: Customer) => void; onCreate: () => void; onClose: () => void }) {
  const [search, setSearch] = useState('');
  const customers = useCustomerSearch(search);
  return (
    <div className="space-y-3">
      <SearchInput label="Search customers" placeholder="Name, phone or e-mail" value={search} onChange={setSearch} delayMs={200} />
      {customers.isError && <p className="text-red-600">{errorMessageOf(customers.error)}</p>}
      {search.trim() && customers.data?.length === 0 && <p className="text-gray-600">No customer matches “{search.trim()}”.</p>}
      {search.trim() !== '' && (customers.data?.length ?? 0) > 0 && (
        <ul aria-label="Customers found" className="max-h-64 space-y-1 overflow-auto">
          {customers.data?.map((customer) => (
            <li key={customer.id}>
              <button
                type="button"
                onClick={() => onPick(customer)}
                className="w-full rounded-md border border-gray-200 px-3 py-2 text-left hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
              >
                <span className="block font-semibold text-gray-900">{customer.name}</span>
                <span className="block text-xs text-gray-600">
                  {[customer.phone, customer.email].filter(Boolean).join(' · ') || 'No contact details'} · {customer.pointsBalance} points
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex justify-between gap-2 pt-2">
        <Button variant="secondary" onClick={onCreate}>
          New customer
        </Button>
        <Button variant="ghost" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </div>
  );
}

type QuickFields = { name: string; phone: string; email: string };

function QuickCreate({ onCreated, onCancel }: { onCreated: (c: Customer) => void; onCancel: () => void }) {
  const create = useQuickCreateCustomer();
  const [values, setValues] = useState<QuickFields>({ name: '', phone: '', email: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof QuickFields | 'form', string>>>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate(
      { name: values.name, phone: values.phone || null, email: values.email || null, marketingConsent: false },
      {
        onSuccess: onCreated,
        onError: (error) => {
          const { status, message, fieldErrors } = apiErrorOf(error);
          if (status !== 422 || Object.keys(fieldErrors).length === 0) return setErrors({ form: message });
          const { name, phone, email, ...rest } = fieldErrors;
          setErrors({ name, phone, email, form: Object.values(rest)[0] });
        },
      },
    );
  }

  function field(key: keyof QuickFields) {
    return {
      value: values[key],
      onChange: (event: { target: { value: string } }) => {
        setValues((v) => ({ ...v, [key]: event.target.value }));
        setErrors((e) => ({ ...e, [key]: undefined }));
      },
    };
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      {errors.form && <p className="text-red-600">{errors.form}</p>}
      <Field label="Name" error={errors.name}>
        <TextInput autoFocus autoComplete="off" {...field('name')} />
      </Field>
      <Field label="Phone (optional)" error={errors.phone}>
        <TextInput type="tel" autoComplete="off" {...field('phone')} />
      </Field>
      <Field label="E-mail (optional)" error={errors.email} hint="Receipts can be e-mailed to it.">
        <TextInput type="email" autoComplete="off" {...field('email')} />
      </Field>
      <div className="flex justify-end gap-2 pt-2">
        <Button variant="ghost" onClick={onCancel}>
          Back
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Saving' : 'Add to the sale'}
        </Button>
      </div>
    </form>
  );
}
