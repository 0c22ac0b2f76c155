import { giftCardSettingsInput, type GiftCardSettings } from '@tillbook/contract';
import type { z } from 'zod';
import { Form, FormActions, useSchemaForm } from '../../components/form.tsx';
import { Block } from '../../components/ui/block.tsx';
import { Field } from '../../components/ui/field.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { notify } from '../../lib/notifications.tsx';
import { useSaveGiftCardSettings } from './api.ts';
import { SettingsPage } from './settings-page.tsx';

/** Digits become a number; anything else stays text for the schema to refuse ("1.5" is not a number of months). */
const wholeNumberOf = (value: unknown) => (typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value.trim()) : value);

/** /settings/gift-cards (issue 16): how long a card sold from now keeps its balance. */
export function GiftCardSettingsPage() {
  return (
    <SettingsPage title="Gift cards" description="Gift cards are sold at the till and spent by code at any outlet.">
      {(settings) => <GiftCardSettingsForm saved={settings.giftCards} />}
    </SettingsPage>
  );
}

function GiftCardSettingsForm({ saved }: { saved: GiftCardSettings }) {
  const save = useSaveGiftCardSettings();
  const form = useSchemaForm(giftCardSettingsInput, { defaultValues: { expiryMonths: saved.expiryMonths } });

  async function submit(values: z.output<typeof giftCardSettingsInput>) {
    const settings = await save.mutateAsync(values);
    notify.success('Gift card settings saved.');
    form.reset({ expiryMonths: settings.giftCards.expiryMonths });
  }

  return (
    <Form form={form} onSubmit={submit}>
      <Block title="Expiry">
        <Field
          label="Expiry in months"
          error={form.formState.errors.expiryMonths?.message}
          hint="0 = cards never expire. A card’s expiry is set when it is sold or loaded again; changing this leaves cards already sold as they are. Check what the law allows where you trade."
          className="max-w-md"
        >
          <TextInput inputMode="numeric" autoComplete="off" className="w-40" {...form.register('expiryMonths', { setValueAs: wholeNumberOf })} />
        </Field>
      </Block>
      <FormActions isPending={save.isPending} discard={{ isDirty: form.formState.isDirty, reset: () => form.reset() }} />
    </Form>
  );
}
