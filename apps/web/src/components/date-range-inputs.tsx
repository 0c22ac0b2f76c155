import { TextInput } from './ui/text-input.tsx';

type DateRangeInputsProps = {
  /** The shop's days as the address holds them ("2026-11-22"), both included. */
  from: string | undefined;
  to: string | undefined;
  onChange: (patch: { from?: string; to?: string }) => void;
  /** What the first box says before it ("From", "Created from"). */
  fromLabel?: string;
};

/** A list's "from … to …" days above its table, each box keeping the other's bound. */
export function DateRangeInputs({ from, to, onChange, fromLabel = 'From' }: DateRangeInputsProps) {
  return (
    <>
      <label className="flex items-center gap-2 text-sm text-gray-700">
        {fromLabel}
        <TextInput type="date" aria-label="From date" className="w-40" value={from ?? ''} max={to} onChange={(e) => onChange({ from: e.target.value })} />
      </label>
      <label className="flex items-center gap-2 text-sm text-gray-700">
        to
        <TextInput type="date" aria-label="To date" className="w-40" value={to ?? ''} min={from} onChange={(e) => onChange({ to: e.target.value })} />
      </label>
    </>
  );
}
