import { BackLink } from '../../components/back-link.tsx';
import { couponInput } from '@tillbook/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { Form, FormActions, useSaveAndReturn, useSchemaForm } from '../../components/form.tsx';
import { RecordPage, useRecordId } from '../../components/record-page.tsx';
import { Block } from '../../components/ui/block.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { ChipsSelect } from '../../components/ui/chips-select.tsx';
import { ChoiceGroup } from '../../components/ui/choice-group.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Page, PageHeader } from '../../components/ui/page-header.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { useCategoryChoices } from '../../lib/choices.ts';
import { shopSettingsQuery, useMoney, useShopSettings } from '../../lib/shop-settings.ts';
import { useCoupon, useSaveCoupon } from './api.ts';
import { CouponStateBadge } from './coupon-display.tsx';
import { blankCoupon, couponFormSchema, generateCouponCode, toCouponForm, toCouponInput, type CouponForm } from './coupon-form-model.ts';
import { CouponTryIt } from './coupon-try-it.tsx';
import { ProductsField, type PickedProduct } from '../../components/products-field.tsx';

const kindChoices = [
  { value: 'percentage', label: 'Percentage', description: 'A share of what it applies to, e.g. 10 % off.' },
  { value: 'fixed', label: 'Fixed amount', description: 'The same sum off, e.g. 5.00 off the snacks.' },
] as const;

const appliesToChoices = [
  { value: 'all', label: 'All products', description: 'Anything in the cart.' },
  { value: 'some', label: 'Chosen categories and products', description: 'Only the items of the categories and products below.' },
] as const;

const back = (
  <BackLink to="/coupons">Coupons</BackLink>
);

/** /coupons/new and /coupons/{id}/edit. */
export function CouponFormPage() {
  const couponId = useRecordId();
  const coupon = useCoupon(couponId);
  // Sums are typed in the shop's currency: its decimals must be known before the form opens.
  const settings = useQuery(shopSettingsQuery);
  const money = useMoney();
  // Validity is typed on the shop's clock.
  const { timeZone } = useShopSettings();
  const title = couponId === undefined ? 'New coupon' : 'Edit coupon';
  return (
    <RecordPage id={couponId} needs={[settings]} back={back} query={coupon} title={title}>
      {(record) => (
        <CouponFormView
          key={couponId ?? 'new'}
          couponId={couponId}
          title={title}
          initial={record ? toCouponForm(record, money, timeZone) : blankCoupon}
          initialProducts={record?.products ?? []}
          usedCount={record?.usedCount ?? 0}
          description={record ? <CouponStateBadge state={record.state} /> : undefined}
        />
      )}
    </RecordPage>
  );
}

type CouponFormViewProps = {
  couponId: number | undefined;
  title: string;
  initial: CouponForm;
  initialProducts: PickedProduct[];
  usedCount: number;
  description: ReactNode;
};

function CouponFormView({ couponId, title, initial, initialProducts, usedCount, description }: CouponFormViewProps) {
  const money = useMoney();
  const { timeZone } = useShopSettings();
  const save = useSaveCoupon(couponId);
  const categories = useCategoryChoices();
  const [products, setProducts] = useState<PickedProduct[]>(initialProducts);
  const schema = useMemo(() => couponFormSchema(money, timeZone), [money, timeZone]);
  const form = useSchemaForm(schema, { defaultValues: initial });
  const { errors } = form.formState;
  const watched = useWatch({ control: form.control }) as CouponForm;
  const kind = watched.kind;
  const moneyExample = money.toInput(500);

  // The "Try it" panel works on the form as typed, once the contract accepts it.
  const tryable = useMemo(() => {
    const { input, errors: unreadable } = toCouponInput(watched, money, timeZone);
    if (Object.keys(unreadable).length > 0) return null;
    const parsed = couponInput.safeParse(input);
    return parsed.success ? parsed.data : null;
  }, [watched, money, timeZone]);

  const submit = useSaveAndReturn(save, { isNew: couponId === undefined, what: (saved) => `Coupon ${saved.code}`, to: '/coupons' });

  function changeProducts(next: PickedProduct[]) {
    setProducts(next);
    form.setValue(
      'productIds',
      next.map((p) => p.id),
      { shouldDirty: true },
    );
    form.clearErrors(['appliesTo', 'productIds']);
  }

  return (
    <Page>
      <PageHeader
        title={title}
        description={description ?? 'A code a cashier types at the till for a percentage or an amount off.'}
        back={back}
      />
      <Form form={form} onSubmit={submit}>
        <Block title="Coupon">
          <div className="grid gap-5 sm:grid-cols-2">
            <div className="flex items-start gap-2">
              <Field label="Code" error={errors.code?.message} hint="3 to 40 letters, digits, - or _; case does not matter at the till." className="flex-1">
                <TextInput {...form.register('code')} autoFocus autoComplete="off" className="font-mono" />
              </Field>
              <Button
                variant="secondary"
                className="mt-7"
                onClick={() => form.setValue('code', generateCouponCode(), { shouldDirty: true, shouldValidate: form.formState.isSubmitted })}
              >
                Generate
              </Button>
            </div>
            <Field label="Name" error={errors.name?.message} hint="For the back office and receipts, e.g. Welcome offer.">
              <TextInput {...form.register('name')} />
            </Field>
            <Controller
              control={form.control}
              name="kind"
              render={({ field, fieldState }) => (
                <ChoiceGroup legend="Type" className="sm:col-span-2" options={kindChoices} value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
              )}
            />
            {kind === 'fixed' ? (
              <Field label={`Amount off (${money.currency})`} error={errors.amount?.message} hint={`In ${money.currency}, e.g. ${moneyExample}.`}>
                <TextInput {...form.register('amount')} inputMode="decimal" autoComplete="off" placeholder={moneyExample} />
              </Field>
            ) : (
              <Field label="Percentage off (%)" error={errors.rate?.message} hint="Above 0 and at most 100, up to 4 decimals, e.g. 10.">
                <TextInput {...form.register('rate')} inputMode="decimal" autoComplete="off" placeholder="10" />
              </Field>
            )}
            <div className="space-y-1 self-end">
              <Checkbox label="Active" description="An inactive coupon is refused at the till." {...form.register('active')} />
              {errors.active?.message && <p className="text-sm text-red-600">{errors.active.message}</p>}
            </div>
          </div>
        </Block>

        <Block title="Validity and limits">
          <div className="grid gap-5 sm:grid-cols-2">
            <Field label="Valid from" error={errors.validFrom?.message} hint="Empty: from now on.">
              <TextInput type="datetime-local" {...form.register('validFrom')} />
            </Field>
            <Field label="Valid until" error={errors.validUntil?.message} hint="Empty: no end. Still valid at that very minute.">
              <TextInput type="datetime-local" {...form.register('validUntil')} />
            </Field>
            <Field label={`Minimum cart total (${money.currency})`} error={errors.minimumTotal?.message} hint="Empty: any cart.">
              <TextInput {...form.register('minimumTotal')} inputMode="decimal" autoComplete="off" />
            </Field>
            <Field label={`Maximum discount (${money.currency})`} error={errors.maximumDiscount?.message} hint="Caps a percentage on a large cart. Empty: no cap.">
              <TextInput {...form.register('maximumDiscount')} inputMode="decimal" autoComplete="off" />
            </Field>
            <Field
              label="Usage limit"
              error={errors.usageLimit?.message}
              hint={usedCount > 0 ? `Used ${usedCount} times so far. Empty: no limit.` : 'Uses in all. Empty: no limit.'}
            >
              <TextInput {...form.register('usageLimit')} inputMode="numeric" autoComplete="off" />
            </Field>
            <Field label="Per-customer limit" error={errors.perCustomerLimit?.message} hint="Uses per customer; the sale then needs a customer. Empty: no limit.">
              <TextInput {...form.register('perCustomerLimit')} inputMode="numeric" autoComplete="off" />
            </Field>
          </div>
        </Block>

        <Block title="Applies to">
          <div className="space-y-5">
            <Controller
              control={form.control}
              name="appliesTo"
              render={({ field, fieldState }) => (
                <ChoiceGroup legend="Eligible items" options={appliesToChoices} value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
              )}
            />
            {watched.appliesTo === 'some' && (
              <div className="grid gap-5 sm:grid-cols-2">
                <div>
                  <p className="mb-1.5 text-sm font-medium text-gray-700">Categories</p>
                  <Controller
                    control={form.control}
                    name="categoryIds"
                    render={({ field }) => (
                      <ChipsSelect
                        label="Categories"
                        options={categories.data}
                        value={field.value}
                        onChange={(next) => {
                          field.onChange(next);
                          form.clearErrors('appliesTo');
                        }}
                        placeholder="Add a category…"
                        invalid={Boolean(errors.categoryIds)}
                        emptyText="No categories yet."
                      />
                    )}
                  />
                  {categories.isError && <p className="mt-1 text-sm text-red-600">The categories could not be loaded.</p>}
                  {errors.categoryIds?.message && <p className="mt-1 text-sm text-red-600">{errors.categoryIds.message}</p>}
                </div>
                <div>
                  <p className="mb-1.5 text-sm font-medium text-gray-700">Products</p>
                  <ProductsField value={products} onChange={changeProducts} invalid={Boolean(errors.productIds)} />
                  {errors.productIds?.message && <p className="mt-1 text-sm text-red-600">{errors.productIds.message}</p>}
                </div>
              </div>
            )}
          </div>
        </Block>

        <CouponTryIt coupon={tryable} usedCount={usedCount} />

        <FormActions isPending={save.isPending} cancelTo="/coupons" />
      </Form>
    </Page>
  );
}
