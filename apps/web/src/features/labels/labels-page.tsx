import { defaultLabelFields, LABELS_MAX, labelCreateInput, labelsPerPage, type LabelCreateInput, type LabelFields, type LabelLayout } from '@tillbook/contract';
import { useState } from 'react';
import { PageLoading } from '../../components/page-loading.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Block } from '../../components/ui/block.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Page, PageHeader } from '../../components/ui/page-header.tsx';
import { Select } from '../../components/ui/select.tsx';
import { variantLabel, type PickedVariant } from '../../components/variant-picker.tsx';
import { errorMessageOf, splitFieldErrors } from '../../lib/api-error.ts';
import { createLabels, useLabelLayouts, useLabelPreferences, useRememberPrint, type LabelSource } from './api.ts';
import { downloadFile, printPdf } from './files.ts';
import { labelsInOrder, LabelLines, labelTotal, quantityOf, type LabelLine, type QuantityMode } from './label-lines.tsx';
import { LabelPreview, labelCountText } from './label-preview.tsx';
import { LabelSettings } from './label-settings.tsx';
import { LabelSources } from './label-sources.tsx';

type Action = 'print' | 'pdf' | 'zpl';

const lineField = /^items\.(\d+)\./;

/** Printing labels: what to label, on which layout with which fields, previewed, then printed or downloaded. */
export function LabelsPage() {
  const layouts = useLabelLayouts();
  // The layout and fields of this user's last print (the server remembers them with each print) until they choose others.
  const remembered = useLabelPreferences();
  const rememberPrint = useRememberPrint();
  const [chosenLayoutId, setLayoutId] = useState<string | null>(null);
  const [chosenFields, setFields] = useState<LabelFields | null>(null);
  const [startAt, setStartAt] = useState(1);
  const [lines, setLines] = useState<LabelLine[]>([]);
  const [mode, setMode] = useState<QuantityMode>('one');
  const [lineErrors, setLineErrors] = useState<Record<number, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [working, setWorking] = useState<Action | null>(null);

  if (layouts.isPending || remembered.isPending) return <PageLoading />;
  if (layouts.isError) {
    return (
      <Page>
        <PageHeader title="Printing labels" />
        <Alert tone="error">{errorMessageOf(layouts.error)}</Alert>
      </Page>
    );
  }
  // Without the remembered choice (the call failed) the screen still works with the defaults.
  const layoutId = chosenLayoutId ?? remembered.data?.layout;
  const fields = chosenFields ?? remembered.data?.fields ?? defaultLabelFields;
  const found = layouts.data.find((l) => l.id === layoutId) ?? layouts.data[0];
  if (!found) return null;
  const layout: LabelLayout = found;
  const start = layout.kind === 'sheet' ? Math.min(startAt, labelsPerPage(layout)) : 1;
  const total = labelTotal(lines);
  const chosen = new Set(lines.map((line) => line.variantId));

  function changeLines(next: LabelLine[]) {
    setLines(next);
    setFormError(null);
  }

  function pick(variant: PickedVariant) {
    const existing = lines.find((line) => line.variantId === variant.variantId);
    if (existing) {
      const quantity = String((Number(existing.quantity) || 0) + 1);
      changeLines(lines.map((line) => (line === existing ? { ...line, quantity } : line)));
      setNotice(`${variantLabel(variant)}: ${quantity} labels.`);
      return;
    }
    const source: LabelSource = { ...variant, stock: null, received: null };
    changeLines([...lines, { ...source, quantity: quantityOf(source, mode) }]);
    setNotice(`${variantLabel(variant)} added.`);
  }

  function add(sources: LabelSource[], what: string) {
    const fresh = new Map<number, LabelLine>();
    for (const source of sources) if (!chosen.has(source.variantId)) fresh.set(source.variantId, { ...source, quantity: quantityOf(source, mode) });
    const already = new Set(sources.map((s) => s.variantId)).size - fresh.size;
    changeLines([...lines, ...fresh.values()]);
    const about = what.charAt(0).toUpperCase() + what.slice(1);
    setNotice(
      sources.length === 0
        ? `${about}: nothing to label.`
        : `${about}: ${fresh.size} added${already > 0 ? `, ${already} already in the list` : ''}.`,
    );
  }

  function changeMode(next: QuantityMode) {
    setMode(next);
    changeLines(lines.map((line) => (next === 'one' ? { ...line, quantity: '1' } : line.stock !== null ? { ...line, quantity: String(Math.max(1, line.stock)) } : line)));
  }

  function showErrors(errors: Array<[string, string]>, fallback: string | null) {
    const onLines: Record<number, string> = {};
    const rest: string[] = [];
    for (const [name, message] of errors) {
      const line = lines[Number(lineField.exec(name)?.[1] ?? -1)];
      if (line && lineField.test(name)) onLines[line.variantId] ??= message;
      else rest.push(message);
    }
    setLineErrors(onLines);
    setFormError(rest.length > 0 ? rest.join(' ') : fallback);
  }

  async function run(action: Action) {
    setNotice(null);
    const input: LabelCreateInput = {
      layout: layout.id,
      items: lines.map((line) => ({ variantId: line.variantId, quantity: Number(line.quantity.trim() || Number.NaN) })),
      fields,
      startAt: start,
      format: action === 'zpl' ? 'zpl' : 'pdf',
    };
    const checked = labelCreateInput.safeParse(input);
    if (!checked.success) {
      showErrors(checked.error.issues.map((issue) => [issue.path.join('.'), issue.message]), null);
      return;
    }
    if (total > LABELS_MAX) {
      showErrors([], `Print at most ${LABELS_MAX.toLocaleString()} labels at a time (${total.toLocaleString()} now).`);
      return;
    }
    showErrors([], null);
    setWorking(action);
    try {
      const file = await createLabels(input);
      rememberPrint({ layout: layout.id, fields });
      if (action === 'print') printPdf(file);
      else downloadFile(file, action === 'zpl' ? 'labels.zpl' : 'labels.pdf');
    } catch (caught) {
      const { onFields, leftOver } = splitFieldErrors(caught, (_root, name) => lineField.test(name));
      showErrors(Object.entries(onFields), leftOver);
    } finally {
      setWorking(null);
    }
  }

  const hasStock = lines.some((line) => line.stock !== null);
  const busyLabel = (action: Action, label: string) => (working === action ? 'Processing…' : label);
  return (
    <Page wide>
      <PageHeader title="Printing labels" description="Shelf and product labels with barcodes that scan. Prices and names are read when you print." />
      <div className="grid gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Block
          title="What to label"
          actions={
            lines.length > 0 && (
              <Button variant="ghost" onClick={() => changeLines([])}>
                Remove all
              </Button>
            )
          }
        >
          <div className="space-y-4">
            <LabelSources chosenVariantIds={chosen} onPick={pick} onAdd={add} onError={(message) => setFormError(message)} />
            {notice && (
              <p role="status" className="text-sm text-gray-700">
                {notice}
              </p>
            )}
            {hasStock && (
              <label className="flex items-center gap-2 text-sm text-gray-700">
                Quantity:
                <Select className="w-44" value={mode} onChange={(event) => changeMode(event.target.value as QuantityMode)}>
                  <option value="one">1 each</option>
                  <option value="stock">Stock on hand</option>
                </Select>
              </label>
            )}
            <LabelLines
              lines={lines}
              errors={lineErrors}
              onQuantity={(variantId, quantity) => {
                changeLines(lines.map((line) => (line.variantId === variantId ? { ...line, quantity } : line)));
                setLineErrors(({ [variantId]: _cleared, ...rest }) => rest);
              }}
              onRemove={(variantId) => changeLines(lines.filter((line) => line.variantId !== variantId))}
            />
          </div>
        </Block>
        <Block title="Layout and preview">
          <div className="space-y-5">
            <LabelSettings
              layouts={layouts.data}
              layout={layout}
              onLayout={setLayoutId}
              startAt={start}
              onStartAt={setStartAt}
              fields={fields}
              onFields={setFields}
            />
            <LabelPreview layout={layout} labels={labelsInOrder(lines, labelsPerPage(layout) - (start - 1))} fields={fields} startAt={start} />
            <p className="text-center text-sm font-medium text-gray-800" data-testid="label-count">
              {labelCountText(layout, total, start)}
            </p>
            {formError && <Alert tone="error">{formError}</Alert>}
            <div className="flex flex-wrap justify-end gap-2">
              {layout.kind === 'roll' && (
                <Button variant="secondary" disabled={lines.length === 0 || working !== null} isBusy={working === 'zpl'} onClick={() => void run('zpl')}>
                  {busyLabel('zpl', 'Download ZPL')}
                </Button>
              )}
              <Button variant="secondary" disabled={lines.length === 0 || working !== null} isBusy={working === 'pdf'} onClick={() => void run('pdf')}>
                {busyLabel('pdf', 'Download PDF')}
              </Button>
              <Button disabled={lines.length === 0 || working !== null} isBusy={working === 'print'} onClick={() => void run('print')}>
                {busyLabel('print', 'Print')}
              </Button>
            </div>
          </div>
        </Block>
      </div>
    </Page>
  );
}
