import { sellingSettingsInput } from '@tillbook/contract';
import type { z } from 'zod';
import { Form, useSchemaForm } from '../../components/form.tsx';
import { Block } from '../../components/ui/block.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { notify } from '../../lib/notifications.tsx';
import { useSaveSellingSettings } from './api.ts';

/** Digits become a number; anything else stays text for the schema to refuse ("1e3" is not a quantity). */
const wholeNumberOf = (value: unknown) => (typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value.trim()) : value);

/** How the sell screen guards what a cashier types: above this quantity on a line it asks first. */
export function SellingSettings({ confirmQuantityAbove }: { confirmQuantityAbove: number }) {
  const save = useSaveSellingSettings();
  const form = useSchemaForm(sellingSettingsInput, { defaultValues: { confirmQuantityAbove } });
  async function submit(values: z.output<typeof sellingSettingsInput>) {
    const saved = await save.mutateAsync(values);
    notify.success('Selling settings saved.');
    form.reset({ confirmQuantityAbove: saved.confirmQuantityAbove });
  }
  return (
    <Form form={form} onSubmit={submit} className="space-y-6">
      <Block title="Selling">
        <div className="flex flex-wrap items-end gap-3">
          <Field
            label="Ask to confirm quantities above"
            error={form.formState.errors.confirmQuantityAbove?.message}
            hint="The sell screen asks the cashier before a line takes more units than this, so a slip like 99999 is never sold unnoticed."
            className="max-w-md flex-1"
          >
            <TextInput inputMode="numeric" {...form.register('confirmQuantityAbove', { setValueAs: wholeNumberOf })} />
          </Field>
          <Button type="submit" disabled={save.isPending} className="mb-6">
            {save.isPending ? 'Processing' : 'Update'}
          </Button>
        </div>
      </Block>
    </Form>
  );
}
