import { canonicalTimeZone, timeZoneNames, utcOffsetLabel } from '@tillbook/contract';
import { useId, useMemo, type ComponentProps } from 'react';
import { Field } from '../../components/ui/field.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { formatDateTime } from '../../lib/date-format.ts';

export const timeZoneHint = 'Reports, receipts and the Z report count days in this time zone.';

type TimeZoneOption = { name: string; offset: string };

/** Every IANA zone with its offset now ("America/New_York", "UTC−05:00"), by name; a saved zone the browser lists differently stays choosable. */
export function timeZoneOptions(saved: string, now = new Date()): TimeZoneOption[] {
  const names = new Set(timeZoneNames());
  if (saved && canonicalTimeZone(saved)) names.add(saved);
  return [...names].sort((a, b) => a.localeCompare(b)).map((name) => ({ name, offset: utcOffsetLabel(name, now) }));
}

/** "Now: 25 Nov 2026, 10:25 (UTC−05:00)", or null while the name is no zone. */
export function timeZonePreview(name: string, locale: string, now = new Date()): string | null {
  const zone = canonicalTimeZone(name.trim());
  if (!zone) return null;
  return `Now: ${formatDateTime(now.toISOString(), { locale, timeZone: zone })} (${utcOffsetLabel(zone, now)})`;
}

type TimeZoneFieldProps = Omit<ComponentProps<typeof TextInput>, 'list'> & {
  error?: string;
  /** The saved zone, kept in the list even where this browser names it otherwise. */
  saved: string;
  /** The zone typed or chosen so far, and the locale, for the line that shows the time there now. */
  current: string;
  locale: string;
};

/**
 * The shop's time zone: a text box that suggests every IANA zone as you type ("york", "kolk"),
 * with its UTC offset now; arrow keys move through the suggestions, Enter takes one. The contract
 * checks the name on save ("Choose a time zone from the list.").
 */
export function TimeZoneField({ error, saved, current, locale, ...input }: TimeZoneFieldProps) {
  const listId = useId();
  const options = useMemo(() => timeZoneOptions(saved), [saved]);
  const preview = timeZonePreview(current, locale);
  return (
    <div className="space-y-2 sm:col-span-2">
      <Field label="Time zone" error={error} hint={timeZoneHint}>
        <TextInput {...input} list={listId} autoComplete="off" spellCheck={false} placeholder="Type a city, e.g. New York" />
      </Field>
      <datalist id={listId}>
        {options.map((option) => (
          <option key={option.name} value={option.name} label={`${option.name} (${option.offset})`} />
        ))}
      </datalist>
      <p className="text-xs text-gray-500" aria-live="polite" data-testid="time-zone-preview">
        {preview ?? 'Choose a time zone from the list to see the time there now.'}
      </p>
    </div>
  );
}
