import { Spinner } from './spinner.tsx';

type LoadingOverlayProps = { label?: string };

/** Covers the whole screen while something runs, so nothing can be clicked twice (SPEC §1). */
export function LoadingOverlay({ label = 'Loading' }: LoadingOverlayProps) {
  return (
    <div
      role="status"
      aria-label={label}
      className="fixed inset-0 z-50 flex items-center justify-center bg-white/60 backdrop-blur-[1px]"
    >
      <Spinner className="size-10" />
    </div>
  );
}
