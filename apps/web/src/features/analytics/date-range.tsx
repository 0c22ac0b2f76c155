import { Field } from '../../components/ui/field.tsx';
import { Select } from '../../components/ui/select.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import type { ListParamValue } from '../../lib/list-params.ts';
import { rangePresets, type DateRange as Range, type RangePreset } from './date-presets.ts';

type DateRangeProps = {
  preset: RangePreset;
  range: Range;
  /** The server's messages on the dates (a 422: the end before the start, more than 3 years). */
  errors: { from?: string; to?: string };
  set: (patch: Record<string, ListParamValue>) => void;
};

/** A preset (kept in the address as such, so "This month" stays this month) or two dates of a custom range. */
export function DateRange({ preset, range, errors, set }: DateRangeProps) {
  function choosePreset(value: RangePreset) {
    // Custom starts from the dates on screen; a preset drops them and is worked out on each visit.
    set(value === 'custom' ? { range: 'custom', from: range.from, to: range.to } : { range: value, from: undefined, to: undefined });
  }

  function chooseDate(key: 'from' | 'to', value: string) {
    if (!value) return;
    set({ range: 'custom', from: range.from, to: range.to, [key]: value });
  }

  return (
    <div className="flex flex-wrap items-start gap-3">
      <Field label="Date range" className="w-44">
        <Select value={preset} onChange={(event) => choosePreset(event.target.value as RangePreset)}>
          {rangePresets.map((p) => (
            <option key={p.id} value={p.id}>
              {p.label}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="From" error={errors.from} className="w-44">
        <TextInput type="date" value={range.from} onChange={(event) => chooseDate('from', event.target.value)} />
      </Field>
      <Field label="To" error={errors.to} className="w-44">
        <TextInput type="date" value={range.to} onChange={(event) => chooseDate('to', event.target.value)} />
      </Field>
    </div>
  );
}
