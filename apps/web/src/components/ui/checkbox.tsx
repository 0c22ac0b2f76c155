import { useId } from 'react';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/class-names.ts';

type CheckboxProps = Omit<ComponentProps<'input'>, 'type'> & { label: ReactNode; description?: ReactNode };

/** A checkbox with its label beside it (clicking the words toggles it). */
export function Checkbox({ label, description, className, id, ...props }: CheckboxProps) {
  const ownId = useId();
  const inputId = id ?? ownId;
  return (
    <div className={cn('flex items-start gap-2.5', className)}>
      <input
        id={inputId}
        type="checkbox"
        className="mt-0.5 size-4 rounded border-gray-300 text-indigo-600 accent-indigo-600 focus:ring-indigo-500"
        {...props}
      />
      <label htmlFor={inputId} className="text-sm">
        <span className="font-medium text-gray-800">{label}</span>
        {description && <span className="block text-xs text-gray-500">{description}</span>}
      </label>
    </div>
  );
}
