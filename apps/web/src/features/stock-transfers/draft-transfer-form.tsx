import type { StockTransfer } from '@tillbook/contract';
import { useMemo, useRef, useState } from 'react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { BackLink } from '../../components/back-link.tsx';
import { Form, useSchemaForm } from '../../components/form.tsx';
import { RemoveLineCell } from '../../components/line-table.tsx';
import { Block } from '../../components/ui/block.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/dialog.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Page, PageHeader } from '../../components/ui/page-header.tsx';
import { Select } from '../../components/ui/select.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { VariantPicker, variantLabel, type PickedVariant } from '../../components/variant-picker.tsx';
import { errorMessageOf } from '../../lib/api-error.ts';
import { useOutletChoices } from '../../lib/choices.ts';
import { cn } from '../../lib/class-names.ts';
import { notify } from '../../lib/notifications.tsx';
import { useDeleteStockTransfer, useOnHand, useSaveStockTransfer } from './api.ts';
import { blankDraft, draftFormSchema, lineOf, plusOne, toForm, wholeNumberOf, type DraftForm, type DraftInput } from './form-model.ts';
import { LineTable, lineTh, lineThRight, ProductCell } from '../../components/line-table.tsx';
import { plural, TransferStatusBadge } from './transfer-display.tsx';

const message = (text: string | undefined) => text && <p className="mt-1 text-sm text-red-600">{text}</p>;

type DraftTransferFormProps = {
  /** undefined: a new transfer, created on its first save. */
  transfer: StockTransfer | undefined;
  defaultFromOutletId: number | undefined;
};

/** A draft: the two outlets, a note and the lines; saved as a draft, or sent (the units leave the source now). */
export function DraftTransferForm({ transfer, defaultFromOutletId }: DraftTransferFormProps) {
  const navigate = useNavigate();
  const outlets = useOutletChoices();
  const save = useSaveStockTransfer();
  const remove = useDeleteStockTransfer();
  const schema = useMemo(() => draftFormSchema(), []);
  const form = useSchemaForm(schema, { defaultValues: transfer ? toForm(transfer) : blankDraft(defaultFromOutletId) });
  const { errors } = form.formState;
  const intent = useRef<'save' | 'send'>('save');
  const [asking, setAsking] = useState<'delete' | 'cancel' | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  async function submit(input: DraftInput) {
    const status = intent.current === 'send' ? 'sent' : 'draft';
    const saved = await save.mutateAsync(transfer ? { id: transfer.id, input: { ...input, status } } : { id: undefined, input: { ...input, status } });
    if (status === 'sent') notify.success(`${saved.number} is on its way: ${plural(saved.unitCount, 'unit')} left ${saved.fromOutletName}.`);
    else notify.success(`Transfer ${saved.number} ${transfer ? 'saved' : 'created'}.`);
    if (transfer) form.reset(toForm(saved));
    else navigate(`/stock-transfers/${saved.id}/edit`, { replace: true });
  }

  function confirm() {
    if (!transfer) return;
    const failed = (error: unknown) => {
      setAsking(null);
      setRefusal(errorMessageOf(error));
    };
    if (asking === 'delete') {
      remove.mutate(transfer.id, {
        onSuccess: () => {
          notify.success(`Transfer ${transfer.number} deleted.`);
          navigate('/stock-transfers');
        },
        onError: failed,
      });
    } else {
      save.mutate({ id: transfer.id, input: { status: 'cancelled' } }, { onSuccess: () => notify.success(`Transfer ${transfer.number} cancelled.`), onError: failed });
    }
  }

  const outletOptions = (outlets.data ?? []).map((o) => (
    <option key={o.id} value={o.id}>
      {o.name}
    </option>
  ));
  return (
    <Page wide>
      <PageHeader
        title={transfer ? `Transfer ${transfer.number}` : 'New stock transfer'}
        back={<BackLink to="/stock-transfers">Stock transfers</BackLink>}
        description={
          transfer ? (
            <span className="flex items-center gap-2">
              <TransferStatusBadge status="draft" /> Not sent yet: nothing has moved. Change anything, then send it.
            </span>
          ) : (
            'Choose where the stock leaves from and where it goes, then add what to send.'
          )
        }
      />
      <Form form={form} onSubmit={submit} className="flex max-w-5xl flex-col gap-6">
        {refusal && <p className="text-sm text-red-600">{refusal}</p>}
        <Block title="Transfer">
          <div className="grid gap-5 md:grid-cols-3">
            <Field label="From outlet" error={errors.fromOutletId?.message}>
              <Select {...form.register('fromOutletId')}>
                <option value="">Choose an outlet</option>
                {outletOptions}
              </Select>
            </Field>
            <Field label="To outlet" error={errors.toOutletId?.message}>
              <Select {...form.register('toOutletId')}>
                <option value="">Choose an outlet</option>
                {outletOptions}
              </Select>
            </Field>
            <Field label="Note" error={errors.note?.message}>
              <Textarea rows={1} {...form.register('note')} />
            </Field>
          </div>
        </Block>
        <DraftLines />
        <div className="flex flex-wrap items-center gap-3">
          {/* Enter in a field presses the first button, "Save draft": only "Send" moves stock. */}
          <Button type="submit" disabled={save.isPending} onClick={() => (intent.current = 'save')}>
            {save.isPending && save.variables.input.status === 'draft' ? 'Processing' : 'Save draft'}
          </Button>
          <Button type="submit" variant="secondary" disabled={save.isPending} onClick={() => (intent.current = 'send')}>
            {save.isPending && save.variables.input.status === 'sent' ? 'Processing' : 'Send'}
          </Button>
          {transfer && (
            <>
              <Button variant="ghost" disabled={save.isPending} onClick={() => setAsking('cancel')}>
                Cancel transfer
              </Button>
              <Button variant="ghost" className="text-red-700" disabled={save.isPending} onClick={() => setAsking('delete')}>
                Delete
              </Button>
            </>
          )}
        </div>
      </Form>
      <ConfirmDialog
        open={asking !== null}
        title={asking === 'delete' ? 'Delete this transfer?' : 'Cancel this transfer?'}
        confirmLabel={asking === 'delete' ? 'Delete' : 'Cancel transfer'}
        isBusy={remove.isPending || save.isPending}
        onConfirm={confirm}
        onCancel={() => setAsking(null)}
      >
        {asking === 'delete'
          ? `${transfer?.number ?? 'The draft'} and its lines will be removed for good. No stock has moved.`
          : `${transfer?.number ?? 'The draft'} stays on record as cancelled and can no longer be sent. No stock has moved.`}
      </ConfirmDialog>
    </Page>
  );
}

/** The lines: added by search or scan (scanning a variant again adds one), each with what the source holds. */
function DraftLines() {
  const form = useFormContext<DraftForm>();
  const rows = useFieldArray({ control: form.control, name: 'items', keyName: 'key' });
  const [fromOutletId, lines = []] = useWatch<DraftForm, ['fromOutletId', 'items']>({ name: ['fromOutletId', 'items'] });
  const outlets = useOutletChoices();
  const onHand = useOnHand(fromOutletId ? Number(fromOutletId) : null, rows.fields.map((row) => row.variantId));
  const [notice, setNotice] = useState<string | null>(null);
  const [touched, setTouched] = useState<number | null>(null);
  const itemErrors = form.formState.errors.items;
  const listError = itemErrors?.message ?? itemErrors?.root?.message;
  const sourceName = outlets.data?.find((o) => String(o.id) === fromOutletId)?.name;

  function pick(v: PickedVariant) {
    const index = form.getValues('items').findIndex((line) => line.variantId === v.variantId);
    setTouched(v.variantId);
    if (index >= 0) {
      const quantity = plusOne(form.getValues(`items.${index}.quantity`));
      form.setValue(`items.${index}.quantity`, quantity, { shouldDirty: true });
      form.clearErrors(`items.${index}.quantity`);
      setNotice(`${variantLabel(v)}: ${quantity} to send.`);
      return;
    }
    rows.append(lineOf(v), { shouldFocus: false });
    form.clearErrors('items');
    setNotice(`${variantLabel(v)} added.`);
  }

  const units = lines.reduce((sum, line) => sum + (wholeNumberOf(line.quantity) ?? 0), 0);
  return (
    <Block title="Lines" actions={rows.fields.length > 0 && <span className="text-sm text-gray-600">{`${plural(rows.fields.length, 'line')} · ${plural(units, 'unit')}`}</span>}>
      <div className="space-y-4">
        <VariantPicker label="Add a product" chosenVariantIds={new Set(rows.fields.map((row) => row.variantId))} repeat onPick={pick} />
        {notice && (
          <p role="status" className="text-sm text-gray-700">
            {notice}
          </p>
        )}
        {message(listError)}
        {rows.fields.length === 0 ? (
          <p className="rounded-md border border-dashed border-gray-300 px-4 py-6 text-center text-sm text-gray-500">
            No lines yet. Search or scan above to add what to send.
          </p>
        ) : (
          <LineTable
            caption="Lines"
            head={
              <>
                <th className={lineTh}>Product</th>
                <th className={lineThRight}>{sourceName ? `On hand at ${sourceName}` : 'On hand at source'}</th>
                <th className={lineTh}>Quantity</th>
                <th className="py-2">
                  <span className="sr-only">Remove</span>
                </th>
              </>
            }
          >
            {rows.fields.map((row, index) => {
              const errors = itemErrors?.[index];
              const label = variantLabel(row);
              const held = onHand.data?.get(row.variantId);
              const wanted = wholeNumberOf(lines[index]?.quantity ?? '');
              const tooMany = held !== undefined && wanted !== null && wanted > held;
              return (
                <tr key={row.key} className={cn('align-top', touched === row.variantId && 'bg-indigo-50/60')} data-testid={`line-${row.variantId}`}>
                  <ProductCell line={row}>{message(errors?.variantId?.message)}</ProductCell>
                  <td className="py-2 pr-3 text-right tabular-nums" data-testid={`on-hand-${row.variantId}`}>
                    {held === undefined ? <span className="text-gray-400">—</span> : held.toLocaleString()}
                  </td>
                  <td className="py-2 pr-3">
                    <TextInput
                      aria-label={`Quantity of ${label}`}
                      inputMode="numeric"
                      className="w-24"
                      invalid={Boolean(errors?.quantity)}
                      {...form.register(`items.${index}.quantity`)}
                    />
                    {message(errors?.quantity?.message)}
                    {!errors?.quantity && tooMany && <p className="mt-1 text-sm text-amber-700">{`More than the ${held.toLocaleString()} on hand.`}</p>}
                  </td>
                  <RemoveLineCell label={label} onRemove={() => rows.remove(index)} />
                </tr>
              );
            })}
          </LineTable>
        )}
      </div>
    </Block>
  );
}
