import { useId } from 'react';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/class-names.ts';

type BlockProps = Omit<ComponentProps<'section'>, 'title'> & {
  title?: ReactNode;
  /** Shown on the right of the title, e.g. a button. */
  actions?: ReactNode;
};

/** The white wrapper block of SPEC §1 that groups a part of a screen. */
export function Block({ title, actions, className, children, ...props }: BlockProps) {
  const titleId = useId();
  const hasHeader = title !== undefined || actions !== undefined;
  return (
    <section
      aria-labelledby={title === undefined ? undefined : titleId}
      className={cn('rounded-lg border border-gray-200 bg-white shadow-sm', className)}
      {...props}
    >
      {hasHeader && (
        <header className="flex items-center justify-between gap-4 border-b border-gray-200 px-5 py-3">
          {title !== undefined && (
            <h2 id={titleId} className="text-base font-semibold text-gray-900">
              {title}
            </h2>
          )}
          {actions}
        </header>
      )}
      <div className="p-5">{children}</div>
    </section>
  );
}
