import { PRODUCT_CSV_MAX_BYTES, PRODUCT_CSV_MAX_ROWS, productCsvColumns, type UploadResult } from '@tillbook/contract';
import { useId, useRef, useState } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { Block } from '../../components/ui/block.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { ProgressBar } from '../../components/ui/progress-bar.tsx';
import { Select } from '../../components/ui/select.tsx';
import { errorMessageOf } from '../../lib/api-error.ts';
import { useOutletChoices } from '../../lib/choices.ts';
import { notify } from '../../lib/notifications.tsx';
import { useUploadProducts } from './api.ts';
import { plural, PreviewTable, Problems, readPreview, type Preview } from './product-import-preview.tsx';

type Stage =
  | { name: 'choose' }
  | { name: 'checking'; file: File; preview: Preview; percent: number | null }
  | { name: 'checked'; file: File; preview: Preview; check: UploadResult }
  | { name: 'importing'; file: File; preview: Preview; percent: number | null }
  | { name: 'done'; result: UploadResult };

/**
 * Imports products from a CSV file: the browser shows the first rows and the row count, the
 * server checks every row (a dry run) and lists the problems by row and column, then the import
 * runs with a progress bar and ends with a summary. `onDone` runs after a real import.
 */
export function ProductImportPanel({ onDone }: { onDone?: (result: UploadResult) => void }) {
  const fileInputId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const outlets = useOutletChoices();
  const [outletId, setOutletId] = useState('');
  const [stage, setStage] = useState<Stage>({ name: 'choose' });
  const [error, setError] = useState<string | null>(null);
  const upload = useUploadProducts();

  function startOver() {
    setStage({ name: 'choose' });
    setError(null);
    if (fileInput.current) fileInput.current.value = '';
  }

  async function check(file: File) {
    setError(null);
    const preview = await readPreview(file);
    if (typeof preview === 'string') {
      setError(preview);
      return;
    }
    setStage({ name: 'checking', file, preview, percent: 0 });
    try {
      const result = await upload.mutateAsync({
        file,
        dryRun: true,
        outletId: stockOutletId,
        onProgress: (percent) => setStage((s) => (s.name === 'checking' ? { ...s, percent } : s)),
      });
      setStage({ name: 'checked', file, preview, check: result });
    } catch (failure) {
      setStage({ name: 'choose' });
      setError(errorMessageOf(failure));
    }
  }

  async function runImport(file: File, preview: Preview, check: UploadResult) {
    setError(null);
    setStage({ name: 'importing', file, preview, percent: 0 });
    try {
      const result = await upload.mutateAsync({
        file,
        dryRun: false,
        outletId: stockOutletId,
        onProgress: (percent) => setStage((s) => (s.name === 'importing' ? { ...s, percent } : s)),
      });
      setStage({ name: 'done', result });
      notify.success(`Import finished: ${plural(result.created, 'product', 'products')} created, ${result.updated.toLocaleString()} updated.`);
      onDone?.(result);
    } catch (failure) {
      setStage({ name: 'checked', file, preview, check });
      setError(errorMessageOf(failure));
    }
  }

  const outletChoices = outlets.data ?? [];
  // Stock goes to the chosen outlet; until one is chosen, the shop's first (as the server would pick).
  const firstOutlet = outletChoices.reduce<(typeof outletChoices)[number] | undefined>((first, o) => (!first || o.id < first.id ? o : first), undefined);
  const stockOutletId = outletId || String(firstOutlet?.id ?? '');
  const stockOutletName = outletChoices.find((o) => String(o.id) === stockOutletId)?.name;

  return (
    <Block title="Import products from CSV">
      {stage.name === 'choose' && (
        <div className="space-y-4">
          <div className="space-y-2 text-sm text-gray-600">
            <p>
              One product per row, with a first row that names the columns:{' '}
              <span className="font-mono text-xs text-gray-800">{productCsvColumns.filter((c) => c !== 'variant').join(', ')}</span>. Only
              title and price are needed for a new product.
            </p>
            <p>
              A row whose SKU already exists updates that product (or variant), and its empty cells leave the values as they are. Prices are
              amounts like 1.99. Categories and taxes are names separated by “|” and must exist already. Stock sets the count at one
              outlet. An export of the product list is a file in this format.
            </p>
          </div>
          <div className="flex flex-wrap items-end gap-4">
            <Field label="CSV file" hint={`Up to ${PRODUCT_CSV_MAX_BYTES / 1024 / 1024} MB and ${PRODUCT_CSV_MAX_ROWS.toLocaleString()} rows.`}>
              <input
                ref={fileInput}
                id={fileInputId}
                type="file"
                accept=".csv,text/csv"
                className="block text-sm text-gray-700 file:mr-3 file:rounded-md file:border-0 file:bg-indigo-50 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-indigo-700 hover:file:bg-indigo-100"
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  if (file) void check(file);
                }}
              />
            </Field>
            {outletChoices.length > 1 && (
              <Field label="Stock at">
                <Select className="w-56" value={stockOutletId} onChange={(e) => setOutletId(e.target.value)}>
                  {outletChoices.map((o) => (
                    <option key={o.id} value={o.id}>
                      {o.name}
                    </option>
                  ))}
                </Select>
              </Field>
            )}
          </div>
        </div>
      )}

      {error && (
        <Alert tone="error" className="mt-4">
          {error}
        </Alert>
      )}

      {stage.name === 'checking' && (
        <div>
          <ProgressBar value={stage.percent} label={stage.percent === null ? 'Checking every row' : `Sending ${stage.file.name}`} />
          <PreviewTable file={stage.file} preview={stage.preview} />
        </div>
      )}

      {stage.name === 'checked' && (
        <div>
          {stage.check.created + stage.check.updated > 0 ? (
            <Alert tone={stage.check.failed.length ? 'warning' : 'success'} title="The file is checked. Nothing has been imported yet.">
              {`Importing it will create ${plural(stage.check.created, 'product', 'products')} and update ${stage.check.updated.toLocaleString()}.`}
            </Alert>
          ) : (
            <Alert tone="error" title="No row of this file can be imported.">
              Correct the problems below in the file, then choose it again.
            </Alert>
          )}
          {stage.check.failed.length > 0 && <Problems failed={stage.check.failed} />}
          <PreviewTable file={stage.file} preview={stage.preview} />
          {stockOutletName && stage.preview.columns.some((c) => ['stock', 'quantity'].includes(c.toLowerCase())) && (
            <p className="mt-4 text-sm text-gray-700">{`The stock column sets the count at ${stockOutletName}.`}</p>
          )}
          <div className="mt-5 flex flex-wrap gap-2">
            <Button
              disabled={stage.check.created + stage.check.updated === 0}
              onClick={() => void runImport(stage.file, stage.preview, stage.check)}
            >
              {`Import ${plural(stage.check.created + stage.check.updated, 'row', 'rows')}`}
            </Button>
            <Button variant="ghost" onClick={startOver}>
              Choose another file
            </Button>
          </div>
        </div>
      )}

      {stage.name === 'importing' && (
        <div>
          <ProgressBar
            value={stage.percent}
            label={stage.percent === null ? `Importing ${plural(stage.preview.rowCount, 'row', 'rows')}` : `Sending ${stage.file.name}`}
          />
          <p className="mt-2 text-xs text-gray-500">Keep this page open: a large file takes a while.</p>
        </div>
      )}

      {stage.name === 'done' && (
        <div>
          <Alert tone={stage.result.failed.length ? 'warning' : 'success'} title="Import finished">
            <dl className="mt-1 flex flex-wrap gap-x-6 gap-y-1">
              {(
                [
                  ['Created', stage.result.created],
                  ['Updated', stage.result.updated],
                  ['Failed', new Set(stage.result.failed.map((f) => f.row)).size],
                ] as const
              ).map(([term, n]) => (
                <div key={term} className="flex gap-1.5">
                  <dt>{term}</dt>
                  <dd className="font-semibold tabular-nums">{n.toLocaleString()}</dd>
                </div>
              ))}
            </dl>
          </Alert>
          {stage.result.failed.length > 0 && <Problems failed={stage.result.failed} />}
          <div className="mt-5">
            <Button variant="secondary" onClick={startOver}>
              Import another file
            </Button>
          </div>
        </div>
      )}
    </Block>
  );
}
