import { Select } from './ui/select.tsx';

type FilterSelectProps = {
  /** The select's accessible name: "Outlet". */
  label: string;
  /** The first choice, which filters nothing: "All outlets". */
  allLabel: string;
  options: { value: string | number; label: string }[];
  /** The address's value; undefined is the first choice. */
  value: string | undefined;
  onChange: (value: string) => void;
  className?: string;
};

/** A select above a list that narrows it to one value, or shows all. */
export function FilterSelect({ label, allLabel, options, value, onChange, className }: FilterSelectProps) {
  return (
    <Select aria-label={label} className={className} value={value ?? ''} onChange={(e) => onChange(e.target.value)}>
      <option value="">{allLabel}</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </Select>
  );
}
