import { zodResolver } from '@hookform/resolvers/zod';
import { attributeInput, type Attribute, type AttributeInput } from '@tillbook/contract';
import { useMemo, useState } from 'react';
import type { FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { PageLoading } from '../../components/page-loading.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Block } from '../../components/ui/block.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Page, PageHeader } from '../../components/ui/page-header.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { applyServerErrors } from '../../lib/forms.ts';
import { errorMessageOf } from '../../lib/api-error.ts';
import { notify } from '../../lib/notifications.tsx';
import { useAttribute, useSaveAttribute } from './api.ts';
import { OptionListEditor } from './option-list-editor.tsx';

const fields = ['name', 'options'] as const;
const blank: AttributeInput = { name: '', options: [] };
const back = (
  <Link to="/products/attributes" className="text-indigo-700 hover:underline">
    ← Attributes
  </Link>
);

function toForm(attribute: Attribute): AttributeInput {
  return { name: attribute.name, options: attribute.options.map((o) => ({ id: o.id, name: o.name })) };
}

/** /products/attributes/new and /products/attributes/{id}/edit. */
export function AttributeFormPage() {
  const { id } = useParams();
  const attributeId = id === undefined ? undefined : Number(id);
  const attribute = useAttribute(attributeId);
  if (attributeId !== undefined && attribute.isPending) return <PageLoading className="py-24" />;
  if (attributeId !== undefined && attribute.isError) {
    return (
      <Page>
        <PageHeader title="Edit attribute" back={back} />
        <Alert tone="error">{errorMessageOf(attribute.error)}</Alert>
      </Page>
    );
  }
  return <AttributeForm key={attributeId ?? 'new'} attributeId={attributeId} attribute={attribute.data} />;
}

function AttributeForm({ attributeId, attribute }: { attributeId: number | undefined; attribute: Attribute | undefined }) {
  const navigate = useNavigate();
  const save = useSaveAttribute(attributeId);
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState('');
  const usedIds = useMemo(() => new Set(attribute?.options.filter((o) => o.isUsed).map((o) => o.id)), [attribute]);
  const form = useForm<AttributeInput, unknown, AttributeInput>({
    resolver: zodResolver(attributeInput) as never,
    defaultValues: attribute ? toForm(attribute) : blank,
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) => {
    setFormError(null);
    save.mutate(values, {
      onSuccess: (saved) => {
        notify.success(attributeId === undefined ? `Attribute “${saved.name}” created.` : `Attribute “${saved.name}” saved.`);
        navigate('/products/attributes');
      },
      onError: (error) => setFormError(applyServerErrors(error, form.setError, fields)),
    });
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    // An option typed in the new-option box but not yet added is part of what the user saves.
    const typed = pending.trim();
    const options = form.getValues('options') ?? [];
    if (typed && !options.some((o) => o.name.trim().toLowerCase() === typed.toLowerCase())) {
      form.setValue('options', [...options, { name: typed }]);
      setPending('');
    }
    void submit(event);
  }

  return (
    <Page>
      <PageHeader title={attributeId === undefined ? 'New attribute' : 'Edit attribute'} back={back} />
      <form onSubmit={onSubmit} noValidate className="max-w-3xl space-y-6">
        {formError && <Alert tone="error">{formError}</Alert>}
        <Block title="Attribute">
          <Field label="Name" error={errors.name?.message} hint="What the options describe, e.g. Size or Colour.">
            <TextInput {...form.register('name')} autoFocus />
          </Field>
        </Block>
        <Block title="Options">
          <OptionListEditor form={form} usedIds={usedIds} pending={pending} onPendingChange={setPending} />
        </Block>
        <div className="flex gap-3">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Processing' : 'Save'}
          </Button>
          <Link to="/products/attributes">
            <Button variant="ghost" tabIndex={-1}>
              Cancel
            </Button>
          </Link>
        </div>
      </form>
    </Page>
  );
}
