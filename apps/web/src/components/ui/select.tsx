import type { ComponentProps } from 'react';
import { cn, unlessWidth } from '../../lib/class-names.ts';

type SelectProps = ComponentProps<'select'> & { invalid?: boolean };

/** A native select styled like TextInput (keyboard and screen readers work as they should). */
export function Select({ invalid = false, className, ...props }: SelectProps) {
  return (
    <select
      aria-invalid={invalid || undefined}
      className={cn(
        'block rounded-md border bg-white px-3 py-2 text-sm text-gray-900 shadow-sm',
        'focus:outline-none focus:ring-2 focus:ring-indigo-500/40 disabled:bg-gray-100',
        invalid ? 'border-red-500' : 'border-gray-300 focus:border-indigo-500',
        unlessWidth(className, 'w-full'),
        className,
      )}
      {...props}
    />
  );
}
