import { useSyncExternalStore } from 'react';

type Notice = { id: number; tone: 'success' | 'error'; text: string };

let notices: Notice[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

function dismiss(id: number) {
  notices = notices.filter((n) => n.id !== id);
  emit();
}

function push(tone: Notice['tone'], text: string) {
  const id = nextId++;
  notices = [...notices, { id, tone, text }];
  emit();
  setTimeout(() => dismiss(id), tone === 'error' ? 8000 : 4000);
}

/** Short confirmations after an action ("Outlet saved."), shown in the corner for a few seconds. */
export const notify = {
  success: (text: string) => push('success', text),
  error: (text: string) => push('error', text),
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function Notifications() {
  const items = useSyncExternalStore(subscribe, () => notices, () => notices);
  return (
    <div aria-live="polite" className="pointer-events-none fixed right-4 bottom-4 z-50 flex w-80 flex-col gap-2">
      {items.map((n) => (
        <div
          key={n.id}
          role={n.tone === 'error' ? 'alert' : 'status'}
          className={`pointer-events-auto flex items-start justify-between gap-3 rounded-md border px-4 py-3 text-sm shadow-lg ${
            n.tone === 'error' ? 'border-red-200 bg-red-50 text-red-800' : 'border-green-200 bg-green-50 text-green-800'
          }`}
        >
          <span>{n.text}</span>
          <button type="button" aria-label="Dismiss" className="text-current opacity-60 hover:opacity-100" onClick={() => dismiss(n.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
