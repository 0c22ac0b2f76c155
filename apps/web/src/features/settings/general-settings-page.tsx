import { generalSettingsInput, type GeneralSettingsInput, type ShopSettings } from '@tillbook/contract';
import { useController, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Form, FormActions, useSchemaForm } from '../../components/form.tsx';
import { Block } from '../../components/ui/block.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Select } from '../../components/ui/select.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { errorMessageOf } from '../../lib/api-error.ts';
import { notify } from '../../lib/notifications.tsx';
import { useSaveCashboxSettings, useSaveGeneralSettings } from './api.ts';
import { commonLocales } from './choices.ts';
import { CurrencyField } from './currency-field.tsx';
import { LogoSettings } from './logo-settings.tsx';
import { moneyPreview } from './previews.ts';
import { SellingSettings } from './selling-settings.tsx';
import { SettingsPage } from './settings-page.tsx';
import { TaxRoundingSettings } from './tax-rounding-settings.tsx';
import { TimeZoneField } from './time-zone-field.tsx';

type GeneralSettingsOutput = z.output<typeof generalSettingsInput>;

function toForm(settings: ShopSettings): GeneralSettingsInput {
  return { businessName: settings.businessName, currency: settings.currency, locale: settings.locale, timeZone: settings.timeZone };
}

/** /settings/general: business name, currency, locale, time zone, logo, how drawers are closed, what the sell screen asks and how taxes are rounded. */
export function GeneralSettingsPage() {
  return (
    <SettingsPage title="General settings" description="Your business name and logo, how money is shown everywhere in the app, and the time zone your days are counted in.">
      {(settings) => (
        <div className="max-w-3xl space-y-6">
          <GeneralSettingsForm initial={toForm(settings)} />
          <LogoSettings logoUrl={settings.logoUrl} businessName={settings.businessName} />
          <CashDrawerSettings blindClose={settings.blindClose} />
          <SellingSettings confirmQuantityAbove={settings.confirmQuantityAbove} />
          <TaxRoundingSettings taxRounding={settings.taxRounding} />
        </div>
      )}
    </SettingsPage>
  );
}

function GeneralSettingsForm({ initial }: { initial: GeneralSettingsInput }) {
  const save = useSaveGeneralSettings();
  const form = useSchemaForm(generalSettingsInput, { defaultValues: initial });
  const { errors } = form.formState;
  const currency = useController({ control: form.control, name: 'currency' });
  const [currencyValue, locale, timeZone] = useWatch({ control: form.control, name: ['currency', 'locale', 'timeZone'] });
  const preview = moneyPreview(currencyValue ?? '', locale ?? '');
  // A locale saved earlier that is not in the list stays choosable.
  const locales = commonLocales.some((l) => l.tag === initial.locale)
    ? commonLocales
    : [...commonLocales, { tag: initial.locale, name: initial.locale }];

  async function submit(values: GeneralSettingsOutput) {
    const saved = await save.mutateAsync(values);
    notify.success('General settings saved.');
    form.reset(toForm(saved));
  }

  return (
    <Form form={form} onSubmit={submit} className="space-y-6">
      <Block title="Business">
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label="Business name" error={errors.businessName?.message} className="sm:col-span-2" hint="Shown on the login screen and on receipts.">
            <TextInput {...form.register('businessName')} autoComplete="organization" />
          </Field>
          <CurrencyField
            value={currency.field.value ?? ''}
            onChange={currency.field.onChange}
            onBlur={currency.field.onBlur}
            fieldRef={currency.field.ref}
            error={errors.currency?.message}
          />
          <Field label="Locale" error={errors.locale?.message} hint="How numbers, money and dates are written.">
            <Select {...form.register('locale')}>
              {locales.map((l) => (
                <option key={l.tag} value={l.tag}>
                  {l.name} — {l.tag}
                </option>
              ))}
            </Select>
          </Field>
          <p className="rounded-md bg-gray-50 px-3 py-2 text-sm text-gray-700 sm:col-span-2" aria-live="polite" data-testid="money-preview">
            {preview ? (
              <>
                Preview: <span className="font-semibold text-gray-900 tabular-nums">{preview}</span>
              </>
            ) : (
              'Choose a valid currency and locale to see how amounts will look.'
            )}
          </p>
          <TimeZoneField {...form.register('timeZone')} error={errors.timeZone?.message} saved={initial.timeZone ?? ''} current={timeZone ?? ''} locale={locale ?? ''} />
        </div>
      </Block>
      <FormActions isPending={save.isPending} discard={{ isDirty: form.formState.isDirty, reset: () => form.reset() }} />
    </Form>
  );
}

/** The blind close of the cash drawer: saved as soon as it is switched, like the logo. */
function CashDrawerSettings({ blindClose }: { blindClose: boolean }) {
  const save = useSaveCashboxSettings();
  function switchBlindClose(blind: boolean) {
    save.mutate(
      { blindClose: blind },
      {
        onSuccess: (saved) => notify.success(saved.blindClose ? 'Cashiers now close their drawers blind.' : 'Cashiers now see the expected figures when they close.'),
        onError: (error) => notify.error(errorMessageOf(error)),
      },
    );
  }
  return (
    <Block title="Cash drawer">
      <Checkbox
        label="Blind close"
        description="A cashier counts the drawer without seeing the expected cash; the over/short shows on the report after the close. Administrators always see the figures."
        checked={save.isPending ? (save.variables?.blindClose ?? blindClose) : blindClose}
        disabled={save.isPending}
        onChange={(e) => switchBlindClose(e.target.checked)}
      />
    </Block>
  );
}
