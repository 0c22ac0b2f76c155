import type { ComponentProps } from 'react';
import { cn } from '../../lib/class-names.ts';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';

type ButtonProps = ComponentProps<'button'> & {
  variant?: ButtonVariant;
  /**
   * Work is under way: the button ignores presses but stays focusable (aria-disabled), so the
   * keyboard focus is not dropped on the page as a disabled button would drop it.
   */
  isBusy?: boolean;
};

const variantClasses: Record<ButtonVariant, string> = {
  primary: 'bg-indigo-600 text-white shadow-sm hover:bg-indigo-500 active:bg-indigo-700',
  secondary: 'bg-white text-indigo-700 ring-1 ring-inset ring-indigo-200 hover:bg-indigo-50',
  danger: 'bg-red-600 text-white shadow-sm hover:bg-red-500 active:bg-red-700',
  ghost: 'bg-transparent text-gray-700 hover:bg-gray-100',
};

/** The classes of a button of `variant`: Button uses them, and ButtonLink for a link that looks like one. */
export function buttonClasses(variant: ButtonVariant = 'primary', className?: string): string {
  return cn(
    'inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-semibold uppercase tracking-wide',
    'transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
    'disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-wait aria-disabled:opacity-60',
    variantClasses[variant],
    className,
  );
}

/** The uppercase indigo button of SPEC §1. `type` defaults to "button" so it never submits by accident. */
export function Button({ type = 'button', variant = 'primary', className, isBusy = false, onClick, ...props }: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClasses(variant, className)}
      aria-disabled={isBusy || undefined}
      aria-busy={isBusy || undefined}
      onClick={(event) => {
        if (isBusy) {
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
      {...props}
    />
  );
}
