import type { GoodsOrder, GoodsOrderCreateInput } from '@tillbook/contract';
import { useMemo, useState } from 'react';
import { FormProvider, useWatch, type Path } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { BackLink } from '../../components/back-link.tsx';
import { useSchemaForm } from '../../components/form.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Block } from '../../components/ui/block.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/dialog.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Page, PageHeader } from '../../components/ui/page-header.tsx';
import { Select } from '../../components/ui/select.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { errorMessageOf, splitFieldErrors } from '../../lib/api-error.ts';
import { useOutletChoices } from '../../lib/choices.ts';
import { notify } from '../../lib/notifications.tsx';
import { useMoney } from '../../lib/shop-settings.ts';
import { useDeleteGoodsOrder, useSaveGoodsOrder, useSupplierChoices, useUpdateGoodsOrder } from './api.ts';
import { DraftLines } from './draft-lines.tsx';
import { blankDraft, draftFormSchema, draftTotals, formFieldOf, toForm, type DraftForm } from './form-model.ts';
import { GoodsOrderStatusBadge, PurchaseTotals } from './goods-order-display.tsx';
import type { GoodsOrderLocationState } from './goods-order-page.tsx';
import { GoodsOrderTimeline } from './goods-order-timeline.tsx';

const formRoots = new Set(['supplierId', 'outletId', 'expectedAt', 'note', 'items']);

type DraftOrderFormProps = {
  /** undefined: a new order, created on its first save. */
  order: GoodsOrder | undefined;
  formKey: string;
  defaultOutletId: number | undefined;
};

/** A draft: supplier, outlet, expected date, note and lines, saved as a draft or placed with the supplier. */
export function DraftOrderForm({ order, formKey, defaultOutletId }: DraftOrderFormProps) {
  const navigate = useNavigate();
  const money = useMoney();
  const suppliers = useSupplierChoices();
  const outlets = useOutletChoices();
  const save = useSaveGoodsOrder();
  const update = useUpdateGoodsOrder();
  const remove = useDeleteGoodsOrder();
  const schema = useMemo(() => draftFormSchema(money), [money]);
  const form = useSchemaForm(schema, { defaultValues: order ? toForm(order, money) : blankDraft(defaultOutletId) });
  const { errors } = form.formState;
  const [intent, setIntent] = useState<'save' | 'order' | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [asking, setAsking] = useState<'delete' | 'cancel' | null>(null);
  const isBusy = intent !== null || save.isPending || update.isPending;

  /** A refusal: its messages on their fields and lines; the rest above the form. What was typed stays. */
  function showRefusal(error: unknown) {
    const { onFields, leftOver } = splitFieldErrors(error, (root) => formRoots.has(root));
    let first = true;
    for (const [field, message] of Object.entries(onFields)) {
      form.setError(formFieldOf(field) as Path<DraftForm>, { type: 'server', message }, { shouldFocus: first });
      first = false;
    }
    setFormError(leftOver);
  }

  async function persist(input: GoodsOrderCreateInput): Promise<GoodsOrder | null> {
    try {
      const saved = await save.mutateAsync({ id: order?.id, input });
      if (!order) navigate(`/goods-orders/${saved.id}/edit`, { replace: true, state: { formKey } satisfies GoodsOrderLocationState });
      // The server's reading of the lines (a supplier SKU it copied), keeping the stock figures a low-stock fill showed.
      const typed = form.getValues('items');
      const next = toForm(saved, money);
      form.reset({ ...next, items: next.items.map((line) => ({ ...line, stock: typed.find((t) => t.variantId === line.variantId)?.stock ?? line.stock })) });
      return saved;
    } catch (error) {
      showRefusal(error);
      return null;
    }
  }

  /** Save draft: create or save. Mark as ordered: the same save first, then the move. */
  const submitAs = (wanted: 'save' | 'order') =>
    form.handleSubmit(async (input) => {
      setFormError(null);
      setIntent(wanted);
      try {
        const saved = await persist(input);
        if (!saved) return;
        if (wanted === 'save') {
          notify.success(order ? `Goods order ${saved.number} saved.` : `Goods order ${saved.number} created.`);
          return;
        }
        await update.mutateAsync({ id: saved.id, input: { status: 'ordered' } });
        notify.success(`Goods order ${saved.number} is ordered from ${saved.supplierName}.`);
      } catch (error) {
        showRefusal(error);
      } finally {
        setIntent(null);
      }
    });

  // Awaited rather than given callbacks: a cancelled order leaves the form for its record before they would run.
  async function confirm() {
    if (!order) return;
    try {
      if (asking === 'delete') {
        await remove.mutateAsync(order.id);
        notify.success(`Goods order ${order.number} deleted.`);
        navigate('/goods-orders');
      } else {
        await update.mutateAsync({ id: order.id, input: { status: 'cancelled' } });
        notify.success(`Goods order ${order.number} cancelled.`);
      }
    } catch (error) {
      setAsking(null);
      setFormError(errorMessageOf(error));
    }
  }

  const title = order ? `Goods order ${order.number}` : 'New goods order';
  return (
    <Page wide>
      <PageHeader
        title={title}
        back={<BackLink to="/goods-orders">Goods orders</BackLink>}
        description={
          order ? (
            <span className="flex items-center gap-2">
              <GoodsOrderStatusBadge status="draft" /> Not sent yet: change anything, then mark it as ordered.
            </span>
          ) : (
            'Choose the supplier and the outlet it delivers to, then add what to order.'
          )
        }
      />
      <FormProvider {...form}>
        <form
          noValidate
          className="flex flex-col gap-6"
          // Enter in a field saves the draft; only "Mark as ordered" places the order.
          onSubmit={(event) => void submitAs('save')(event)}
        >
          {formError && <Alert tone="error">{formError}</Alert>}
          <Block title="Order">
            <div className="grid gap-5 md:grid-cols-2 xl:grid-cols-4">
              <Field label="Supplier" error={errors.supplierId?.message}>
                <Select {...form.register('supplierId')}>
                  <option value="">Choose a supplier</option>
                  {(suppliers.data ?? []).map((s) => (
                    <option key={s.id} value={s.id}>
                      {s.name}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field label="Deliver to outlet" error={errors.outletId?.message}>
                <Select {...form.register('outletId')}>
                  <option value="">Choose an outlet</option>
                  {(outlets.data ?? []).map((o) => (
                    <option key={o.id} value={o.id}>
                      {o.name}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field label="Expected date" error={errors.expectedAt?.message} hint="When the supplier should deliver.">
                <TextInput type="date" {...form.register('expectedAt')} />
              </Field>
              <Field label="Note" error={errors.note?.message} hint="Printed on the purchase order.">
                <Textarea rows={1} {...form.register('note')} />
              </Field>
            </div>
          </Block>
          <DraftLines />
          <DraftTotals />
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" disabled={isBusy}>
              {intent === 'save' ? 'Processing' : 'Save draft'}
            </Button>
            <Button variant="secondary" disabled={isBusy} onClick={() => void submitAs('order')()}>
              {intent === 'order' ? 'Processing' : 'Mark as ordered'}
            </Button>
            {order && (
              <>
                <Button variant="ghost" disabled={isBusy} onClick={() => setAsking('cancel')}>
                  Cancel order
                </Button>
                <Button variant="ghost" className="text-red-700" disabled={isBusy} onClick={() => setAsking('delete')}>
                  Delete
                </Button>
              </>
            )}
          </div>
        </form>
      </FormProvider>
      {order && (
        <div className="mt-6 max-w-3xl">
          <GoodsOrderTimeline orderId={order.id} />
        </div>
      )}
      <ConfirmDialog
        open={asking !== null}
        title={asking === 'delete' ? 'Delete this goods order?' : 'Cancel this goods order?'}
        confirmLabel={asking === 'delete' ? 'Delete' : 'Cancel order'}
        isBusy={remove.isPending || update.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(null)}
      >
        {asking === 'delete'
          ? `${order?.number ?? 'The draft'} and its lines will be removed for good.`
          : `${order?.number ?? 'The draft'} stays on record as cancelled; nothing more can be ordered or received on it.`}
      </ConfirmDialog>
    </Page>
  );
}

/** Net, tax and total as typed, priced by the contract's engine. */
function DraftTotals() {
  const money = useMoney();
  const lines = useWatch<DraftForm, 'items'>({ name: 'items' });
  const totals = draftTotals(lines ?? [], money);
  return (
    <Block title="Totals" className="self-end md:w-96">
      {totals === null ? (
        <p className="text-sm text-red-600">These figures are too large to add up.</p>
      ) : (
        <PurchaseTotals units={totals.units.toLocaleString()} net={totals.net} tax={totals.tax} total={totals.total} testId="draft-totals" />
      )}
    </Block>
  );
}
