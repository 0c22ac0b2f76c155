import { formatPercent, type TaxListItem } from '@tillbook/contract';
import { useId } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorMessageOf } from '../../lib/api-error.ts';
import { useTaxOptions } from './api.ts';

/** "7.5% · added to the price · compound" */
function describeTax(tax: TaxListItem): string {
  return [`${formatPercent(tax.rateE4)}%`, tax.isInclusive ? 'included in the price' : 'added to the price', tax.isCompound && 'compound']
    .filter(Boolean)
    .join(' · ');
}

type TaxPickerProps = {
  value: number[];
  onChange: (ids: number[]) => void;
  error?: string;
};

/** Ticks for every tax; a chosen tax that no longer exists stays listed so it can be unticked. */
export function TaxPicker({ value, onChange, error }: TaxPickerProps) {
  const taxes = useTaxOptions();
  const id = useId();

  function toggle(id: number, isChecked: boolean) {
    onChange(isChecked ? [...value, id] : value.filter((v) => v !== id));
  }

  let body;
  if (taxes.isPending) {
    body = (
      <p role="status" className="flex items-center gap-2 text-sm text-gray-500">
        <Spinner className="size-4" /> Loading taxes…
      </p>
    );
  } else if (taxes.isError) {
    body = (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-700">
        <span>The taxes could not be loaded. {errorMessageOf(taxes.error)}</span>
        <Button variant="secondary" className="px-3 py-1 text-xs" onClick={() => void taxes.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else {
    const known = new Set(taxes.data.map((t) => t.id));
    const missing = value.filter((id) => !known.has(id)).map((id) => ({ id, name: `Tax #${id} (inactive or deleted)`, detail: undefined }));
    const options = [...taxes.data.map((t) => ({ id: t.id, name: t.name, detail: describeTax(t) })), ...missing];
    body =
      options.length === 0 ? (
        <p className="text-sm text-gray-600">
          No taxes yet — add them under{' '}
          <Link to="/taxes" className="text-indigo-700 hover:underline">
            Taxes
          </Link>
          .
        </p>
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2">
          {options.map((tax) => (
            <li key={tax.id}>
              <Checkbox label={tax.name} description={tax.detail} checked={value.includes(tax.id)} onChange={(event) => toggle(tax.id, event.target.checked)} />
            </li>
          ))}
        </ul>
      );
  }

  return (
    <fieldset aria-describedby={error ? `${id}-error` : `${id}-hint`} aria-invalid={error ? true : undefined}>
      <legend className="text-sm font-medium text-gray-700">Default taxes for new products</legend>
      <p id={`${id}-hint`} className="mt-0.5 mb-3 text-xs text-gray-500">
        Ticked taxes are preset on every new product; each product can still change them.
      </p>
      {body}
      {error && (
        <p id={`${id}-error`} className="mt-2 text-sm text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}
