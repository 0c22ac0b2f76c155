import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useForm, type FieldValues } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { PageLoading } from '../../components/page-loading.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Page, PageHeader } from '../../components/ui/page-header.tsx';
import { applyServerErrors } from '../../lib/forms.ts';
import { errorMessageOf } from '../../lib/api-error.ts';
import { notify } from '../../lib/notifications.tsx';
import { customerFormMode } from './customer-form-mode.tsx';
import type { FormMode } from './form-mode.ts';
import type { PeopleMode } from './list-mode.ts';
import { userFormMode } from './user-form-mode.tsx';

type PersonFormPageProps = {
  mode: PeopleMode;
  /** Shown under the title on an edit page (the customer's tabs). */
  tabs?: ReactNode;
};

/** The one form screen of customers and staff users: /X/new and /X/{id}/edit (SPEC.md §2). */
export function PersonFormPage({ mode, tabs }: PersonFormPageProps) {
  return mode === 'customers' ? <PersonFormLoader key={mode} config={customerFormMode} tabs={tabs} /> : <PersonFormLoader key={mode} config={userFormMode} tabs={tabs} />;
}

export function CustomerFormPage() {
  return <PersonFormPage mode="customers" />;
}

export function UserFormPage() {
  return <PersonFormPage mode="users" />;
}

type LoaderProps<T extends { id: number; name: string }, V extends FieldValues> = { config: FormMode<T, V>; tabs?: ReactNode };

function PersonFormLoader<T extends { id: number; name: string; hasPin?: boolean }, V extends FieldValues>({ config, tabs }: LoaderProps<T, V>) {
  const { id } = useParams();
  const itemId = id === undefined ? undefined : Number(id);
  const item = config.useItem(itemId);
  if (itemId !== undefined && item.isPending) return <PageLoading className="py-24" />;
  if (itemId !== undefined && item.isError) {
    return (
      <Page>
        <PageHeader title={config.editTitle(undefined)} back={<BackLink config={config} />} />
        <Alert tone="error">{errorMessageOf(item.error)}</Alert>
      </Page>
    );
  }
  return (
    <PersonForm
      key={itemId ?? 'new'}
      config={config}
      itemId={itemId}
      item={item.data}
      tabs={itemId === undefined ? undefined : tabs}
    />
  );
}

function BackLink<T extends { id: number; name: string }, V extends FieldValues>({ config }: { config: FormMode<T, V> }) {
  return (
    <Link to={config.basePath} className="text-indigo-700 hover:underline">
      ← {config.listLabel}
    </Link>
  );
}

type PersonFormProps<T extends { id: number; name: string }, V extends FieldValues> = LoaderProps<T, V> & {
  itemId: number | undefined;
  item: T | undefined;
};

function PersonForm<T extends { id: number; name: string; hasPin?: boolean }, V extends FieldValues>({ config, itemId, item, tabs }: PersonFormProps<T, V>) {
  const navigate = useNavigate();
  const isNew = itemId === undefined;
  const save = config.useSave(itemId);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<V>({
    resolver: zodResolver(config.schema(isNew) as never) as never,
    defaultValues: (item ? config.toForm(item) : config.blank) as never,
  });
  const { Fields } = config;

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    save.mutate(config.toInput(values, form.getValues(), isNew) as never, {
      onSuccess: (saved) => {
        notify.success(isNew ? `${config.capitalSingular} “${saved.name}” created.` : `${config.capitalSingular} “${saved.name}” saved.`);
        navigate(config.basePath);
      },
      onError: (error) => setFormError(applyServerErrors(error, form.setError, config.fields)),
    });
  });

  return (
    <Page>
      <PageHeader title={isNew ? config.newTitle : config.editTitle(item)} back={<BackLink config={config} />} />
      {tabs}
      <form onSubmit={onSubmit} noValidate className="max-w-3xl space-y-6">
        {formError && <Alert tone="error">{formError}</Alert>}
        <Fields form={form} isNew={isNew} hasPin={item?.hasPin ?? false} />
        <div className="flex gap-3">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Processing' : 'Save'}
          </Button>
          <Link to={config.basePath}>
            <Button variant="ghost" tabIndex={-1}>
              Cancel
            </Button>
          </Link>
        </div>
      </form>
    </Page>
  );
}
