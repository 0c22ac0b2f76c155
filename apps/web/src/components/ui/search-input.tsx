import { useEffect, useState } from 'react';
import { TextInput } from './text-input.tsx';

type SearchInputProps = { value: string; onChange: (value: string) => void; placeholder?: string; label: string; delayMs?: number };

/** A search box that waits for a pause in typing before it searches; the clear icon empties it. */
export function SearchInput({ value, onChange, placeholder, label, delayMs = 250 }: SearchInputProps) {
  const [draft, setDraft] = useState(value);
  // The address changed the search (back/forward, a link): show it.
  const [shownValue, setShownValue] = useState(value);
  if (value !== shownValue) {
    setShownValue(value);
    setDraft(value);
  }
  useEffect(() => {
    if (draft === value) return;
    const timer = setTimeout(() => onChange(draft), delayMs);
    return () => clearTimeout(timer);
  }, [draft, value, onChange, delayMs]);
  return (
    <TextInput
      type="search"
      aria-label={label}
      placeholder={placeholder}
      value={draft}
      clearable
      onChange={(event) => setDraft(event.target.value)}
      onClear={() => {
        setDraft('');
        onChange('');
      }}
      // One clear button: ours, not the browser's own beside it.
      className="w-72 [&::-webkit-search-cancel-button]:appearance-none"
    />
  );
}
