import type { ComponentProps } from 'react';
import { cn, unlessWidth } from '../../lib/class-names.ts';

type TextareaProps = ComponentProps<'textarea'> & { invalid?: boolean };

export function Textarea({ invalid = false, className, rows = 3, ...props }: TextareaProps) {
  return (
    <textarea
      rows={rows}
      aria-invalid={invalid || undefined}
      className={cn(
        'block rounded-md border bg-white px-3 py-2 text-sm text-gray-900 shadow-sm placeholder:text-gray-400',
        'focus:outline-none focus:ring-2 focus:ring-indigo-500/40',
        invalid ? 'border-red-500' : 'border-gray-300 focus:border-indigo-500',
        unlessWidth(className, 'w-full'),
        className,
      )}
      {...props}
    />
  );
}
