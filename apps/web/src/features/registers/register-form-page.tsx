import { BackLink } from '../../components/back-link.tsx';
import { registerInput, sampleReceiptOrder, suggestRegisterSlug, type Outlet, type Register } from '@tillbook/contract';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { Form, FormActions, useSaveAndReturn, useSchemaForm } from '../../components/form.tsx';
import { PageLoading } from '../../components/page-loading.tsx';
import { useReceiptTemplate } from '../../components/receipt/api.ts';
import { ReceiptPreview } from '../../components/receipt/receipt-preview.tsx';
import { useRecordId } from '../../components/record-page.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Block } from '../../components/ui/block.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Page, PageHeader } from '../../components/ui/page-header.tsx';
import { Select } from '../../components/ui/select.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { errorMessageOf } from '../../lib/api-error.ts';
import { useReceiptTemplateChoices } from '../../lib/choices.ts';
import { useMoney, useShopSettings } from '../../lib/shop-settings.ts';
import { useOutletsWithCodes, useRegister, useSaveRegister } from './api.ts';

/** A select holds the chosen id as text ("" for none); the contract's id rule checks the number. */
function selectedId(rule: z.ZodNumber) {
  return z.string().transform((value) => Number(value) || undefined).pipe(rule);
}

/** The register input with its two pickers read from selects: fields hold text, submit gets numbers. */
const registerForm = registerInput.extend({
  outletId: selectedId(registerInput.shape.outletId),
  receiptTemplateId: selectedId(registerInput.shape.receiptTemplateId),
});
type FormValues = z.input<typeof registerForm>;

function toForm(register: Register): FormValues {
  return {
    name: register.name,
    slug: register.slug,
    outletId: String(register.outletId),
    receiptTemplateId: String(register.receiptTemplateId),
    active: register.active,
  };
}

/** /registers/new and /registers/{id}/edit. */
export function RegisterFormPage() {
  const registerId = useRecordId();
  const register = useRegister(registerId);
  const outlets = useOutletsWithCodes();
  const templates = useReceiptTemplateChoices();
  if ((registerId !== undefined && register.isPending) || outlets.isPending || templates.isPending) return <PageLoading className="py-24" />;
  const loadError = (registerId !== undefined && register.error) || outlets.error || templates.error;
  if (loadError) {
    return (
      <Page>
        <PageHeader title={registerId === undefined ? 'New register' : 'Edit register'} />
        <Alert tone="error">{errorMessageOf(loadError)}</Alert>
      </Page>
    );
  }
  const outletList = outlets.data ?? [];
  const templateList = templates.data ?? [];
  const initial: FormValues = register.data
    ? toForm(register.data)
    : {
        name: '',
        slug: '',
        outletId: String(outletList.find((o) => o.active)?.id ?? ''),
        // The shop's first template (the default) unless it is archived.
        receiptTemplateId: String(templateList.reduce<number | undefined>((min, t) => (min === undefined || t.id < min ? t.id : min), undefined) ?? ''),
        active: true,
      };
  return (
    <RegisterForm
      key={registerId ?? 'new'}
      registerId={registerId}
      initial={initial}
      outlets={outletList}
      templates={templateList}
      currentTemplateId={register.data?.receiptTemplateId}
    />
  );
}

type RegisterFormProps = {
  registerId: number | undefined;
  initial: FormValues;
  outlets: Outlet[];
  templates: Array<{ id: number; name: string; paperWidth: number }>;
  currentTemplateId: number | undefined;
};

export function RegisterForm({ registerId, initial, outlets, templates, currentTemplateId }: RegisterFormProps) {
  const save = useSaveRegister(registerId);
  const [isPreviewOpen, setIsPreviewOpen] = useState(false);
  const form = useSchemaForm(registerForm, { defaultValues: initial });
  const { errors } = form.formState;
  const [name, outletId, receiptTemplateId, slug] = useWatch({ control: form.control, name: ['name', 'outletId', 'receiptTemplateId', 'slug'] });
  const outletCode = outlets.find((o) => String(o.id) === outletId)?.code;
  const suggestion = name?.trim() ? suggestRegisterSlug(name, outletCode) : '';
  const chosenTemplateId = Number(receiptTemplateId) || undefined;
  // A register keeps an archived template it already has; it is listed so the select shows it.
  const templateChoices =
    currentTemplateId !== undefined && !templates.some((t) => t.id === currentTemplateId)
      ? [...templates, { id: currentTemplateId, name: 'Current template (archived)', paperWidth: 0 }]
      : templates;

  const submit = useSaveAndReturn(save, { isNew: registerId === undefined, what: (saved) => `Register “${saved.name}”`, to: '/registers' });

  return (
    <Page>
      <PageHeader
        title={registerId === undefined ? 'New register' : 'Edit register'}
        back={<BackLink to="/registers">Registers</BackLink>}
      />
      <Form form={form} onSubmit={submit}>
        <Block title="Register">
          <div className="grid gap-5 sm:grid-cols-2">
            <Field label="Name" error={errors.name?.message}>
              <TextInput {...form.register('name')} autoFocus placeholder="Till 1" />
            </Field>
            <Field label="Outlet" error={errors.outletId?.message}>
              <Select {...form.register('outletId')}>
                <option value="">Choose an outlet</option>
                {outlets.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.name}
                    {o.active ? '' : ' (inactive)'}
                  </option>
                ))}
              </Select>
            </Field>
            <div className="sm:col-span-2">
              <Field
                label="Slug"
                error={errors.slug?.message}
                hint={
                  suggestion && !slug
                    ? `Names the register in addresses. Left empty, it becomes “${suggestion}”.`
                    : 'Names the register in addresses: 2–60 lower-case letters, digits or hyphens.'
                }
              >
                <TextInput {...form.register('slug')} className="font-mono" placeholder={suggestion || 'main-till-1'} />
              </Field>
              {suggestion && slug !== suggestion && (
                <Button
                  type="button"
                  variant="ghost"
                  className="mt-1 px-2 py-1 text-xs normal-case"
                  onClick={() => form.setValue('slug', suggestion, { shouldDirty: true, shouldValidate: true })}
                >
                  Use “{suggestion}”
                </Button>
              )}
            </div>
            <div className="sm:col-span-2">
              <Field
                label="Receipt template"
                error={errors.receiptTemplateId?.message}
                hint={
                  <>
                    What this register prints. <Link to="/receipts/new" className="text-link">Make a new template</Link>.
                  </>
                }
              >
                <Select {...form.register('receiptTemplateId')}>
                  <option value="">Choose a template</option>
                  {templateChoices.map((t) => (
                    <option key={t.id} value={t.id}>
                      {t.name}
                      {t.paperWidth ? ` (${t.paperWidth} mm)` : ''}
                    </option>
                  ))}
                </Select>
              </Field>
              {chosenTemplateId !== undefined && (
                <Button type="button" variant="ghost" className="mt-1 px-2 py-1 text-xs" aria-expanded={isPreviewOpen} onClick={() => setIsPreviewOpen((v) => !v)}>
                  {isPreviewOpen ? 'Hide preview' : 'Preview this template'}
                </Button>
              )}
              {isPreviewOpen && chosenTemplateId !== undefined && <TemplatePreview id={chosenTemplateId} />}
            </div>
            <div className="sm:col-span-2">
              <Checkbox label="Active" description="Inactive registers keep their history but cashiers do not see them." {...form.register('active')} />
              {errors.active?.message && <p className="mt-2 text-sm text-red-600">{errors.active.message}</p>}
            </div>
          </div>
        </Block>
        <FormActions isPending={save.isPending} cancelTo="/registers" />
      </Form>
    </Page>
  );
}

function TemplatePreview({ id }: { id: number }) {
  const template = useReceiptTemplate(id);
  const settings = useShopSettings();
  const money = useMoney();
  if (template.isPending) return <p className="mt-2 text-sm text-gray-500">Loading the preview…</p>;
  if (template.isError) return <Alert tone="error">{errorMessageOf(template.error)}</Alert>;
  return (
    <div className="mt-2 rounded-lg bg-gray-100 p-4" data-testid="register-template-preview">
      <ReceiptPreview layout={template.data} order={sampleReceiptOrder} businessName={settings.businessName} logoUrl={settings.logoUrl} formatMoney={money.format} />
    </div>
  );
}
