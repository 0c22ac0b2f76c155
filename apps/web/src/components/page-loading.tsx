import { Spinner } from './ui/spinner.tsx';
import { cn } from '../lib/class-names.ts';

type PageLoadingProps = { className?: string };

/** The loading fallback of a lazily loaded screen. */
export function PageLoading({ className }: PageLoadingProps) {
  return (
    <div
      role="status"
      aria-label="Loading"
      className={cn('flex items-center justify-center gap-3 text-sm text-gray-500', className)}
    >
      <Spinner className="size-6" />
      <span>Loading…</span>
    </div>
  );
}

/** Shown while the app starts and the first screen's code downloads. */
export function FullPageLoading() {
  return <PageLoading className="min-h-screen bg-gray-50" />;
}
