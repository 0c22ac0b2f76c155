import { cn } from '../../lib/class-names.ts';

type ProgressBarProps = {
  /** 0–100; null while the size of the work is not known yet (the bar then pulses). */
  value: number | null;
  label: string;
  className?: string;
};

/** Progress of long work, such as an upload (DESIGN.md §8: long work shows progress). */
export function ProgressBar({ value, label, className }: ProgressBarProps) {
  const percent = value === null ? null : Math.min(100, Math.max(0, Math.round(value)));
  return (
    <div className={className}>
      <div className="mb-1 flex justify-between text-xs text-gray-600">
        <span>{label}</span>
        {percent !== null && <span className="tabular-nums">{percent}%</span>}
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent ?? undefined}
        className="h-2 overflow-hidden rounded-full bg-gray-200"
      >
        <div
          className={cn('h-full rounded-full bg-indigo-600 transition-[width] duration-200', percent === null && 'w-1/3 animate-pulse')}
          style={percent === null ? undefined : { width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
