import { BackLink } from '../../components/back-link.tsx';
import { attributeInput, type Attribute } from '@tillbook/contract';
import { useMemo, useState } from 'react';
import type { z } from 'zod';
import { Form, FormActions, useSaveAndReturn, useSchemaForm } from '../../components/form.tsx';
import { RecordPage, useRecordId } from '../../components/record-page.tsx';
import { Block } from '../../components/ui/block.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Page, PageHeader } from '../../components/ui/page-header.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { useAttribute, useSaveAttribute } from './api.ts';
import { OptionListEditor } from './option-list-editor.tsx';

type AttributeValues = z.input<typeof attributeInput>;

const blank: AttributeValues = { name: '', options: [] };
const back = (
  <BackLink to="/products/attributes">Attributes</BackLink>
);

function toForm(attribute: Attribute): AttributeValues {
  return { name: attribute.name, options: attribute.options.map((o) => ({ id: o.id, name: o.name })) };
}

/** /products/attributes/new and /products/attributes/{id}/edit. */
export function AttributeFormPage() {
  const attributeId = useRecordId();
  const attribute = useAttribute(attributeId);
  return (
    <RecordPage id={attributeId} back={<BackLink to="/products/attributes">Attributes</BackLink>} query={attribute} title="Edit attribute">
      {(record) => <AttributeForm key={attributeId ?? 'new'} attributeId={attributeId} attribute={record} />}
    </RecordPage>
  );
}

function AttributeForm({ attributeId, attribute }: { attributeId: number | undefined; attribute: Attribute | undefined }) {
  const save = useSaveAttribute(attributeId);
  const [pending, setPending] = useState('');
  const usedIds = useMemo(() => new Set(attribute?.options.filter((o) => o.isUsed).map((o) => o.id)), [attribute]);
  const form = useSchemaForm(attributeInput, { defaultValues: attribute ? toForm(attribute) : blank });
  const { errors } = form.formState;

  const submit = useSaveAndReturn(save, { isNew: attributeId === undefined, what: (saved) => `Attribute “${saved.name}”`, to: '/products/attributes' });

  /** An option typed in the new-option box but not yet added is part of what is saved; this runs before the form checks its values. */
  function addPendingOption() {
    const typed = pending.trim();
    const options = form.getValues('options') ?? [];
    if (typed && !options.some((o) => o.name.trim().toLowerCase() === typed.toLowerCase())) {
      form.setValue('options', [...options, { name: typed }]);
      setPending('');
    }
  }

  return (
    <Page>
      <PageHeader title={attributeId === undefined ? 'New attribute' : 'Edit attribute'} back={back} />
      <div onSubmitCapture={addPendingOption}>
        <Form form={form} onSubmit={submit}>
          <Block title="Attribute">
            <Field label="Name" error={errors.name?.message} hint="What the options describe, e.g. Size or Colour.">
              <TextInput {...form.register('name')} autoFocus />
            </Field>
          </Block>
          <Block title="Options">
            <OptionListEditor form={form} usedIds={usedIds} pending={pending} onPendingChange={setPending} />
          </Block>
          <FormActions isPending={save.isPending} cancelTo="/products/attributes" />
        </Form>
      </div>
    </Page>
  );
}
