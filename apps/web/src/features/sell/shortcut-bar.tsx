import { useLayoutEffect, useRef, type ReactNode } from 'react';

export type Shortcut = { key: string; label: string; run: () => void; disabled?: boolean };

/**
 * The till's function keys. F-keys the browser owns (F5 reload, F11 full screen, F12 tools) and
 * Ctrl+letters are never taken. A key is ignored while a dialog is open: the dialog has the keyboard.
 */
export function useShortcuts(shortcuts: readonly Shortcut[], enabled: boolean) {
  // The keys read the shortcuts as last rendered, updated before the screen is painted: a key
  // pressed the moment a line appears (a scan, then F4) finds that line, never the one before.
  const latest = useRef({ shortcuts, enabled });
  useLayoutEffect(() => {
    latest.current = { shortcuts, enabled };
  });
  // Listening from the commit, before the screen is painted: a key pressed the moment the till
  // shows (F3 right after a reload) is never lost between the paint and a passive effect.
  useLayoutEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (!latest.current.enabled || event.ctrlKey || event.metaKey || event.altKey) return;
      const shortcut = latest.current.shortcuts.find((s) => s.key === event.key);
      if (!shortcut) return;
      event.preventDefault();
      if (!shortcut.disabled) shortcut.run();
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}

/** The shortcuts on screen; each is also a button for a touch screen. `children`: the bar's other buttons ("No sale"). */
export function ShortcutBar({ shortcuts, children }: { shortcuts: readonly Shortcut[]; children?: ReactNode }) {
  return (
    <nav aria-label="Shortcuts" className="flex flex-wrap gap-1">
      {shortcuts.map((s) => (
        <button
          key={s.key}
          type="button"
          onClick={s.run}
          disabled={s.disabled}
          className="inline-flex min-h-9 items-center gap-1 rounded-md border border-gray-200 bg-white px-1.5 py-1 text-xs text-gray-700 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:opacity-50"
        >
          <kbd className="rounded bg-gray-100 px-1.5 py-0.5 font-mono text-[11px] font-semibold text-gray-800">{s.key}</kbd>
          {s.label}
        </button>
      ))}
      {children}
      <span className="inline-flex items-center gap-1 px-1.5 py-1 text-xs text-gray-500" title="Esc closes a dialog">
        <kbd className="rounded bg-gray-100 px-1.5 py-0.5 font-mono text-[11px] font-semibold text-gray-800">Esc</kbd>
        Close
      </span>
    </nav>
  );
}
