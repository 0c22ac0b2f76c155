import type { CategoryUploadResult, CategoryUploadRow } from '@tillbook/contract';
import { useId, useRef, useState } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Block } from '../../components/ui/block.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ProgressBar } from '../../components/ui/progress-bar.tsx';
import { errorMessageOf } from '../../lib/api-error.ts';
import { notify } from '../../lib/notifications.tsx';
import { useUploadCategories } from './api.ts';

const PREVIEW_ROWS = 200;
const template = 'name,parent,colour,position,active\nDrinks,,#0284c7,1,yes\nHot drinks,Drinks,#d97706,1,yes\nTea,Drinks > Hot drinks,,2,yes\n';

type Step = { kind: 'choose' } | { kind: 'preview'; file: File; result: CategoryUploadResult } | { kind: 'done'; result: CategoryUploadResult };

/** Import categories from CSV: choose a file, look at the preview (nothing written yet), then import. */
export function CategoryImportPanel({ onClose }: { onClose: () => void }) {
  const upload = useUploadCategories();
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();

  function send(file: File, dryRun: boolean) {
    setError(null);
    setProgress(0);
    upload.mutate(
      { file, dryRun, onProgress: setProgress },
      {
        onSuccess: (result) => {
          setProgress(null);
          if (dryRun) {
            setStep({ kind: 'preview', file, result });
            return;
          }
          setStep({ kind: 'done', result });
          notify.success(`Categories imported: ${result.created} created, ${result.updated} updated.`);
        },
        onError: (failure) => {
          setProgress(null);
          setError(errorMessageOf(failure));
        },
      },
    );
  }

  function chooseAnother() {
    setStep({ kind: 'choose' });
    setError(null);
    if (inputRef.current) inputRef.current.value = '';
  }

  const result = step.kind === 'choose' ? null : step.result;
  const goodRows = result ? result.created + result.updated : 0;

  return (
    <Block
      title="Import categories from CSV"
      className="mb-6"
      actions={
        <Button variant="ghost" className="px-2 py-1 text-xs" onClick={onClose}>
          Close
        </Button>
      }
    >
      <div className="space-y-4 text-sm text-gray-700">
        <p>
          Columns: <code className="font-mono">name</code> (required), <code className="font-mono">parent</code>,{' '}
          <code className="font-mono">colour</code> (#rrggbb), <code className="font-mono">position</code>,{' '}
          <code className="font-mono">active</code> (yes/no). A parent is found by its name; write “Drinks &gt; Tea” when the
          name is used in several places. A row whose name already exists under its parent updates that category; empty cells
          keep what it has.{' '}
          <a
            className="font-medium text-indigo-700 hover:underline"
            href={`data:text/csv;charset=utf-8,${encodeURIComponent(template)}`}
            download="categories-template.csv"
          >
            Download a template
          </a>
        </p>

        {step.kind === 'choose' && (
          <div>
            <label htmlFor={inputId} className="block font-medium text-gray-800">
              CSV file
            </label>
            <input
              ref={inputRef}
              id={inputId}
              type="file"
              accept=".csv,text/csv"
              disabled={upload.isPending}
              className="mt-1.5 block text-sm file:mr-3 file:rounded-md file:border-0 file:bg-indigo-50 file:px-3 file:py-2 file:text-xs file:font-semibold file:text-indigo-700 file:uppercase hover:file:bg-indigo-100"
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file) send(file, true);
              }}
            />
            <p className="mt-1 text-xs text-gray-500">Nothing is saved until you confirm the preview.</p>
          </div>
        )}

        {upload.isPending && (
          <ProgressBar
            value={progress !== null && progress < 100 ? progress : null}
            label={progress !== null && progress < 100 ? 'Uploading' : 'Checking the rows'}
          />
        )}
        {error && <Alert tone="error">{error}</Alert>}

        {step.kind === 'preview' && (
          <>
            <Summary result={step.result} isPreview />
            <PreviewTable result={step.result} />
            <div className="flex flex-wrap gap-3">
              <Button disabled={upload.isPending || goodRows === 0} onClick={() => send(step.file, false)}>
                {upload.isPending ? 'Processing' : `Import ${goodRows} ${goodRows === 1 ? 'row' : 'rows'}`}
              </Button>
              <Button variant="ghost" disabled={upload.isPending} onClick={chooseAnother}>
                Choose another file
              </Button>
            </div>
          </>
        )}

        {step.kind === 'done' && (
          <>
            <Summary result={step.result} isPreview={false} />
            {step.result.failed.length > 0 && <PreviewTable result={step.result} onlyErrors />}
            <div className="flex gap-3">
              <Button variant="secondary" onClick={chooseAnother}>
                Import another file
              </Button>
              <Button variant="ghost" onClick={onClose}>
                Done
              </Button>
            </div>
          </>
        )}
      </div>
    </Block>
  );
}

function Summary({ result, isPreview }: { result: CategoryUploadResult; isPreview: boolean }) {
  const failedRows = new Set(result.failed.map((f) => f.row)).size;
  const parts = [`${result.created} new`, `${result.updated} updated`];
  if (failedRows) parts.push(`${failedRows} with errors (${isPreview ? 'will be skipped' : 'not imported'})`);
  return (
    <Alert tone={failedRows ? 'warning' : isPreview ? 'info' : 'success'} title={isPreview ? 'Preview: nothing is saved yet' : 'Import finished'}>
      {parts.join(' · ')}
    </Alert>
  );
}

const actionBadges: Record<CategoryUploadRow['action'], { tone: 'green' | 'indigo' | 'red'; label: string }> = {
  create: { tone: 'green', label: 'New' },
  update: { tone: 'indigo', label: 'Update' },
  error: { tone: 'red', label: 'Error' },
};

function PreviewTable({ result, onlyErrors = false }: { result: CategoryUploadResult; onlyErrors?: boolean }) {
  const messages = new Map<number, string[]>();
  for (const failure of result.failed) {
    const text = failure.field ? `${failure.field}: ${failure.message}` : failure.message;
    messages.set(failure.row, [...(messages.get(failure.row) ?? []), text]);
  }
  const rows = onlyErrors ? result.rows.filter((r) => r.action === 'error') : result.rows;
  const shown = rows.slice(0, PREVIEW_ROWS);
  return (
    <div className="overflow-x-auto rounded-lg border border-gray-200">
      <table className="min-w-full divide-y divide-gray-200 text-sm">
        <caption className="sr-only">{onlyErrors ? 'Rows not imported' : 'Import preview'}</caption>
        <thead className="bg-gray-50 text-left text-xs font-semibold tracking-wide text-gray-600 uppercase">
          <tr>
            <th scope="col" className="px-3 py-2">Row</th>
            <th scope="col" className="px-3 py-2">Name</th>
            <th scope="col" className="px-3 py-2">Parent</th>
            <th scope="col" className="px-3 py-2">Colour</th>
            <th scope="col" className="px-3 py-2 text-right">Position</th>
            <th scope="col" className="px-3 py-2">Active</th>
            <th scope="col" className="px-3 py-2">Result</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100 bg-white">
          {shown.map((row) => (
            <tr key={row.row} className={row.action === 'error' ? 'bg-red-50/60' : undefined}>
              <td className="px-3 py-2 text-gray-500 tabular-nums">{row.row}</td>
              <td className="px-3 py-2 font-medium text-gray-900">{row.name || <span className="text-gray-400">—</span>}</td>
              <td className="px-3 py-2">{row.parent ?? <span className="text-gray-400">—</span>}</td>
              <td className="px-3 py-2">
                {row.colour ? (
                  <span className="inline-flex items-center gap-1.5 font-mono text-xs">
                    {/^#[0-9a-fA-F]{6}$/.test(row.colour) && (
                      <span aria-hidden="true" className="size-3 rounded-full border border-black/10" style={{ backgroundColor: row.colour }} />
                    )}
                    {row.colour}
                  </span>
                ) : (
                  <span className="text-gray-400">—</span>
                )}
              </td>
              <td className="px-3 py-2 text-right tabular-nums">{row.position ?? <span className="text-gray-400">—</span>}</td>
              <td className="px-3 py-2">{row.active === null ? <span className="text-gray-400">—</span> : row.active ? 'Yes' : 'No'}</td>
              <td className="px-3 py-2">
                <Badge tone={actionBadges[row.action].tone}>{actionBadges[row.action].label}</Badge>
                {messages.get(row.row)?.map((m) => (
                  <p key={m} className="mt-1 text-xs text-red-700">
                    {m}
                  </p>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length > shown.length && (
        <p className="border-t border-gray-200 bg-gray-50 px-3 py-2 text-xs text-gray-600">
          Showing the first {shown.length} of {rows.length} rows.
        </p>
      )}
    </div>
  );
}
