import {
  defaultReceiptToggles,
  receiptTemplateInput,
  receiptToggleLabels,
  receiptToggles,
  sampleReceiptOrder,
  type ReceiptLayout,
  type ReceiptTemplate,
} from '@tillbook/contract';
import { useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Form, FormActions, useSchemaForm } from '../../components/form.tsx';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageLoading } from '../../components/page-loading.tsx';
import { useReceiptTemplate } from '../../components/receipt/api.ts';
import { ReceiptPreview } from '../../components/receipt/receipt-preview.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Block } from '../../components/ui/block.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { ChoiceGroup } from '../../components/ui/choice-group.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Page, PageHeader } from '../../components/ui/page-header.tsx';
import { Select } from '../../components/ui/select.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { errorMessageOf } from '../../lib/api-error.ts';
import { useReceiptTemplateChoices } from '../../lib/choices.ts';
import { notify } from '../../lib/notifications.tsx';
import { useMoney, useShopSettings } from '../../lib/shop-settings.ts';
import { useCreateReceiptTemplate, useLoadReceiptTemplate } from './api.ts';

type FormValues = z.input<typeof receiptTemplateInput>;

const fields = ['name', 'paperWidth', 'header', 'footer', ...receiptToggles, 'basedOnId'] as const;

const blank: FormValues = {
  name: '',
  paperWidth: 80,
  header: '',
  footer: '',
  ...defaultReceiptToggles,
  basedOnId: null,
};

const toggleHints: Record<(typeof receiptToggles)[number], string> = {
  showLogo: 'The logo from Settings, above the business name.',
  showCashier: 'Who served the customer.',
  showCustomer: 'The customer on the sale, when there is one.',
  showTaxBreakdown: 'Each tax and its amount under the subtotal.',
  showOrderBarcode: 'Scan it to find the order for a refund.',
  showLoyaltyPoints: 'Points earned and the new balance.',
  showNote: "The order's note.",
};

/** A copy keeps everything but the name, which the person gives (or gets "… (copy)"). */
function copyOf(source: ReceiptTemplate, typedName: string): FormValues {
  return {
    name: typedName.trim() ? typedName : `${source.name} (copy)`,
    paperWidth: source.paperWidth,
    header: source.header ?? '',
    footer: source.footer ?? '',
    showLogo: source.showLogo,
    showCashier: source.showCashier,
    showCustomer: source.showCustomer,
    showTaxBreakdown: source.showTaxBreakdown,
    showOrderBarcode: source.showOrderBarcode,
    showLoyaltyPoints: source.showLoyaltyPoints,
    showNote: source.showNote,
    basedOnId: source.id,
  };
}

/** /receipts/new, optionally ?from={id} to start from a copy. */
export function ReceiptFormPage() {
  const [params] = useSearchParams();
  const fromParam = Number(params.get('from'));
  const fromId = Number.isInteger(fromParam) && fromParam > 0 ? fromParam : undefined;
  const source = useReceiptTemplate(fromId);
  if (fromId !== undefined && source.isPending) return <PageLoading className="py-24" />;
  return (
    <>
      {fromId !== undefined && source.isError && (
        <div className="px-6 pt-6">
          <Alert tone="error">The template to copy could not be loaded: {errorMessageOf(source.error)}</Alert>
        </div>
      )}
      <ReceiptForm key={fromId ?? 'new'} initial={source.data ? copyOf(source.data, '') : blank} />
    </>
  );
}

function ReceiptForm({ initial }: { initial: FormValues }) {
  const navigate = useNavigate();
  const create = useCreateReceiptTemplate();
  const options = useReceiptTemplateChoices();
  const loadTemplate = useLoadReceiptTemplate();
  const settings = useShopSettings();
  const money = useMoney();
  const [copyError, setCopyError] = useState<string | null>(null);
  const [isCopying, setIsCopying] = useState(false);
  const form = useSchemaForm(receiptTemplateInput, { defaultValues: initial });
  const { errors } = form.formState;
  const watched = useWatch({ control: form.control });
  const layout: ReceiptLayout = {
    paperWidth: watched.paperWidth === 58 ? 58 : 80,
    header: watched.header ?? null,
    footer: watched.footer ?? null,
    showLogo: watched.showLogo ?? false,
    showCashier: watched.showCashier ?? false,
    showCustomer: watched.showCustomer ?? false,
    showTaxBreakdown: watched.showTaxBreakdown ?? false,
    showOrderBarcode: watched.showOrderBarcode ?? false,
    showLoyaltyPoints: watched.showLoyaltyPoints ?? false,
    showNote: watched.showNote ?? false,
  };

  async function startFrom(value: string) {
    setCopyError(null);
    if (!value) {
      form.setValue('basedOnId', null);
      return;
    }
    setIsCopying(true);
    try {
      const source = await loadTemplate(Number(value));
      form.reset(copyOf(source, form.getValues('name')), { keepErrors: false });
    } catch (error) {
      setCopyError(errorMessageOf(error));
    } finally {
      setIsCopying(false);
    }
  }

  async function submit(values: z.output<typeof receiptTemplateInput>) {
    const saved = await create.mutateAsync(values);
    notify.success(`Receipt template “${saved.name}” created.`);
    navigate('/receipts');
  }

  return (
    <Page>
      <PageHeader
        title="New receipt template"
        description="Templates never change once made: to change one, start from a copy and give the registers the new one."
        back={<Link to="/receipts" className="text-indigo-700 hover:underline">← Receipts</Link>}
      />
      <div className="grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_auto]">
        <Form form={form} onSubmit={submit} fields={fields}>
          <Block title="Template">
            <div className="grid gap-5">
              <Field
                label="Start from a copy of…"
                error={copyError ?? errors.basedOnId?.message}
                hint={isCopying ? 'Loading the template…' : 'Fills the form with a template’s settings; saving makes a new template.'}
              >
                <Select value={watched.basedOnId ? String(watched.basedOnId) : ''} onChange={(e) => void startFrom(e.target.value)} disabled={isCopying}>
                  <option value="">A blank template</option>
                  {options.data?.map((t) => (
                    <option key={t.id} value={t.id}>
                      {t.name} ({t.paperWidth} mm)
                    </option>
                  ))}
                </Select>
              </Field>
              <Field label="Name" error={errors.name?.message}>
                <TextInput {...form.register('name')} autoFocus />
              </Field>
              <Controller
                control={form.control}
                name="paperWidth"
                render={({ field }) => (
                  <ChoiceGroup
                    legend="Paper width"
                    value={String(field.value) as '58' | '80'}
                    onChange={(v) => field.onChange(Number(v))}
                    error={errors.paperWidth?.message}
                    options={[
                      { value: '58', label: '58 mm', description: 'Narrow printers, about 32 characters a line.' },
                      { value: '80', label: '80 mm', description: 'Standard printers, about 48 characters a line.' },
                    ]}
                  />
                )}
              />
              <Field label="Header" error={errors.header?.message} hint="Printed under the business name, e.g. address and tax number. Up to 1000 characters.">
                <Textarea {...form.register('header')} rows={3} />
              </Field>
              <Field label="Footer" error={errors.footer?.message} hint="Printed at the end, e.g. returns policy or a thank-you. Up to 1000 characters.">
                <Textarea {...form.register('footer')} rows={3} />
              </Field>
            </div>
          </Block>
          <Block title="What the receipt shows">
            <div className="grid gap-4 sm:grid-cols-2">
              {receiptToggles.map((key) => (
                <div key={key}>
                  <Checkbox label={receiptToggleLabels[key]} description={toggleHints[key]} {...form.register(key)} />
                  {errors[key]?.message && <p className="mt-1 text-sm text-red-600">{errors[key]?.message}</p>}
                </div>
              ))}
            </div>
          </Block>
          <FormActions isPending={create.isPending} cancelTo="/receipts" />
        </Form>
        <aside className="lg:sticky lg:top-6" aria-label="Preview">
          <h2 className="mb-2 text-sm font-medium text-gray-700">
            Preview <span className="font-normal text-gray-500">· sample order on {layout.paperWidth} mm paper</span>
          </h2>
          <div className="rounded-lg bg-gray-100 p-4">
            <ReceiptPreview
              layout={layout}
              order={sampleReceiptOrder}
              businessName={settings.businessName}
              logoUrl={settings.logoUrl}
              formatMoney={money.format}
            />
          </div>
        </aside>
      </div>
    </Page>
  );
}
