import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactNode } from 'react';
import { FormProvider, useForm, type FieldValues, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { useNavigate } from 'react-router';
import { applyServerErrors } from '../lib/forms.ts';
import { notify } from '../lib/notifications.tsx';
import { ButtonLink } from './button-link.tsx';
import { Alert } from './ui/alert.tsx';
import { Button } from './ui/button.tsx';

/** A form typed by its contract schema: fields hold the schema's input, submit gets its output. */
export type SchemaForm<S extends z.ZodType<unknown, FieldValues>> = UseFormReturn<z.input<S>, unknown, z.output<S>>;

/**
 * react-hook-form wired to a contract zod schema (DESIGN.md §5): the same rules the server applies
 * run as the user types, and the resolver is typed from the schema — no casts.
 */
export function useSchemaForm<S extends z.ZodType<unknown, FieldValues>>(
  schema: S,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> = {},
): SchemaForm<S> {
  return useForm<z.input<S>, unknown, z.output<S>>({ ...options, resolver: zodResolver(schema) });
}

type FormProps<I extends FieldValues, O> = {
  form: UseFormReturn<I, unknown, O>;
  /**
   * Saves the checked values. When it throws, a 422's messages land on their fields, and whatever
   * has no field (or any other error) shows above the form; what was typed stays.
   */
  onSubmit: (values: O) => Promise<unknown>;
  /** The fields a server message may land on; by default every field the form holds. */
  fields?: readonly string[];
  className?: string;
  children: ReactNode;
};

/**
 * The one form of the back office: validation, the server's 422 on the fields, the error above.
 * Its sections (a table of variants, a list of rows) read the form with `useFormContext`.
 */
export function Form<I extends FieldValues, O>({ form, onSubmit, fields, className = 'max-w-3xl space-y-6', children }: FormProps<I, O>) {
  const [formError, setFormError] = useState<string | null>(null);
  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await onSubmit(values);
    } catch (error) {
      setFormError(applyServerErrors(error, form.setError, fields ?? Object.keys(form.getValues())));
    }
  });
  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate className={className}>
        {formError && <Alert tone="error">{formError}</Alert>}
        {children}
      </form>
    </FormProvider>
  );
}

type FormActionsProps = {
  isPending: boolean;
  /** Cancel goes back to this list; a settings screen has no list and offers `discard` instead. */
  cancelTo?: string;
  /** "Discard changes": puts the form back as loaded; offered once something was changed. */
  discard?: { isDirty: boolean; reset: () => void };
  saveLabel?: string;
  children?: ReactNode;
};

/** Save (it reads "Processing" while the save runs, SPEC §1) and Cancel back to the list, or Discard changes. */
export function FormActions({ isPending, cancelTo, discard, saveLabel = 'Save', children }: FormActionsProps) {
  return (
    <div className="flex gap-3">
      <Button type="submit" disabled={isPending}>
        {isPending ? 'Processing' : saveLabel}
      </Button>
      {children}
      {discard && (
        <Button variant="ghost" disabled={isPending || !discard.isDirty} onClick={discard.reset}>
          Discard changes
        </Button>
      )}
      {cancelTo !== undefined && (
        <ButtonLink to={cancelTo} variant="ghost">
          Cancel
        </ButtonLink>
      )}
    </div>
  );
}

/** A form in a dialog: Cancel closes it, and the submit reads "Processing" while it runs. */
export function DialogFormActions({ isPending, onCancel, saveLabel = 'Save' }: { isPending: boolean; onCancel: () => void; saveLabel?: string }) {
  return (
    <div className="flex justify-end gap-2">
      <Button type="button" variant="ghost" onClick={onCancel} disabled={isPending}>
        Cancel
      </Button>
      <Button type="submit" disabled={isPending}>
        {isPending ? 'Processing' : saveLabel}
      </Button>
    </div>
  );
}

/**
 * The submit of a create-and-edit screen: save, say so ("Outlet “Main” created." or "… saved."),
 * and go back to the list. A refusal throws on to `Form`, which puts it on the fields.
 */
export function useSaveAndReturn<Values, Saved>(
  save: { mutateAsync: (values: Values) => Promise<Saved> },
  { isNew, what, to }: { isNew: boolean; what: (saved: Saved) => string; to: string },
) {
  const navigate = useNavigate();
  return async (values: Values) => {
    const saved = await save.mutateAsync(values);
    notify.success(`${what(saved)} ${isNew ? 'created' : 'saved'}.`);
    navigate(to);
  };
}
