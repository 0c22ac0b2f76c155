import { cn } from '../../lib/class-names.ts';
import { Select } from './select.tsx';

export type ChipOption = { id: number; name: string; depth?: number };

type ChipsSelectProps = {
  label: string;
  options: ChipOption[] | undefined;
  value: number[];
  onChange: (next: number[]) => void;
  placeholder?: string;
  invalid?: boolean;
  id?: string;
  emptyText?: string;
};

/** Several choices as removable chips, added from a select (keyboard and screen reader friendly). */
export function ChipsSelect({ label, options, value, onChange, placeholder = 'Add…', invalid, id, emptyText }: ChipsSelectProps) {
  const byId = new Map((options ?? []).map((o) => [o.id, o]));
  const available = (options ?? []).filter((o) => !value.includes(o.id));
  return (
    <div>
      <ul aria-label={label} className={cn('mb-2 flex min-h-6 flex-wrap gap-1.5', value.length === 0 && 'hidden')}>
        {value.map((selectedId) => (
          <li key={selectedId} className="inline-flex items-center gap-1 rounded-full bg-indigo-50 py-0.5 pr-1 pl-2.5 text-xs font-medium text-indigo-800">
            {byId.get(selectedId)?.name ?? `#${selectedId}`}
            <button
              type="button"
              aria-label={`Remove ${byId.get(selectedId)?.name ?? selectedId}`}
              className="rounded-full px-1 text-indigo-500 hover:bg-indigo-100 hover:text-indigo-800"
              onClick={() => onChange(value.filter((v) => v !== selectedId))}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      {options && options.length === 0 ? (
        <p className="text-xs text-gray-500">{emptyText ?? 'Nothing to choose from yet.'}</p>
      ) : (
        <Select
          id={id}
          aria-label={`${label}: add`}
          invalid={invalid}
          value=""
          disabled={available.length === 0}
          onChange={(e) => {
            const next = Number(e.target.value);
            if (next) onChange([...value, next]);
          }}
        >
          <option value="">{available.length === 0 ? 'All chosen' : placeholder}</option>
          {available.map((o) => (
            <option key={o.id} value={o.id}>
              {`${'— '.repeat(o.depth ?? 0)}${o.name}`}
            </option>
          ))}
        </Select>
      )}
    </div>
  );
}
