import { useId } from 'react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/class-names.ts';

export type Choice<V extends string> = { value: V; label: ReactNode; description?: ReactNode };

type ChoiceGroupProps<V extends string> = {
  legend: ReactNode;
  options: readonly Choice<V>[];
  value: V;
  onChange: (value: V) => void;
  /** The form's or the server's message for this choice. */
  error?: string;
  hint?: ReactNode;
  className?: string;
};

/**
 * One of a few choices as cards with a line of explanation ("Fixed amount" / "Percentage").
 * Native radios underneath: arrow keys move between the choices, screen readers read a group.
 */
export function ChoiceGroup<V extends string>({ legend, options, value, onChange, error, hint, className }: ChoiceGroupProps<V>) {
  const name = useId();
  const messageId = `${name}-message`;
  return (
    <fieldset
      className={className}
      aria-invalid={error ? true : undefined}
      aria-describedby={error || hint ? messageId : undefined}
    >
      <legend className="text-sm font-medium text-gray-700">{legend}</legend>
      <div className="mt-1.5 grid gap-2 sm:grid-cols-2">
        {options.map((option) => {
          const isChecked = option.value === value;
          return (
            <label
              key={option.value}
              className={cn(
                'flex cursor-pointer items-start gap-2.5 rounded-md border bg-white px-3 py-2.5 text-sm shadow-sm',
                'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-indigo-500/40',
                isChecked ? 'border-indigo-500 bg-indigo-50/60' : error ? 'border-red-500' : 'border-gray-300 hover:border-gray-400',
              )}
            >
              <input
                type="radio"
                name={name}
                value={option.value}
                checked={isChecked}
                onChange={() => onChange(option.value)}
                className="mt-0.5 size-4 accent-indigo-600"
              />
              <span>
                <span className="block font-medium text-gray-800">{option.label}</span>
                {option.description && <span className="block text-xs text-gray-500">{option.description}</span>}
              </span>
            </label>
          );
        })}
      </div>
      {error ? (
        <p id={messageId} className="mt-1.5 text-sm text-red-600">
          {error}
        </p>
      ) : hint ? (
        <p id={messageId} className="mt-1.5 text-xs text-gray-500">
          {hint}
        </p>
      ) : null}
    </fieldset>
  );
}
