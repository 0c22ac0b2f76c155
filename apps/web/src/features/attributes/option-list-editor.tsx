import { MAX_ATTRIBUTE_OPTIONS, type attributeInput } from '@tillbook/contract';
import { useEffect, useId, useRef, useState } from 'react';
import type { ClipboardEvent, KeyboardEvent } from 'react';
import { useFieldArray } from 'react-hook-form';
import type { SchemaForm } from '../../components/form.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';

type Control = 'input' | 'up' | 'down' | 'remove' | 'new';

type OptionListEditorProps = {
  form: SchemaForm<typeof attributeInput>;
  /** Ids of options product variants are made with: they cannot be removed. */
  usedIds: ReadonlySet<number>;
  /** What is typed in the "new option" box; the form adds it when it is saved. */
  pending: string;
  onPendingChange: (value: string) => void;
};

function Arrow({ direction }: { direction: 'up' | 'down' }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
      {direction === 'up' ? (
        <path d="M10 4 4 10.5l1.4 1.4L9 8.3V16h2V8.3l3.6 3.6 1.4-1.4L10 4Z" />
      ) : (
        <path d="m10 16 6-6.5-1.4-1.4-3.6 3.6V4H9v7.7L5.4 8.1 4 9.5 10 16Z" />
      )}
    </svg>
  );
}

/**
 * The option list of the attribute form: type an option and press Enter to add it (pasting
 * several lines adds one each), rename in place, move with the arrow buttons or Alt+↑/↓, remove.
 * Everything works from the keyboard, and focus stays on the option being worked on.
 */
export function OptionListEditor({ form, usedIds, pending, onPendingChange }: OptionListEditorProps) {
  const { fields, append, remove, move } = useFieldArray({ control: form.control, name: 'options', keyName: 'key' });
  const listRef = useRef<HTMLDivElement>(null);
  const focusNext = useRef<{ key: string; control: Control } | null>(null);
  const [addError, setAddError] = useState<string | null>(null);
  const newOptionId = useId();
  const hintId = useId();
  const errors = form.formState.errors.options;
  const listError = errors?.message ?? errors?.root?.message;
  const hasUsed = fields.some((field) => field.id !== undefined && usedIds.has(field.id));

  // Focus moves after React has drawn the list in its new order.
  useEffect(() => {
    const target = focusNext.current;
    if (!target) return;
    focusNext.current = null;
    const selector = target.control === 'new' ? '[data-control="new"]' : `[data-option="${target.key}"] [data-control="${target.control}"]`;
    const element = listRef.current?.querySelector<HTMLElement>(selector);
    if (element && !(element as HTMLButtonElement).disabled) element.focus();
    else listRef.current?.querySelector<HTMLElement>(`[data-option="${target.key}"] [data-control="input"]`)?.focus();
  });

  function names(): string[] {
    return (form.getValues('options') ?? []).map((o) => o.name.trim().toLowerCase());
  }

  function add(values: string[]) {
    const taken = new Set(names());
    const added: string[] = [];
    for (const raw of values) {
      const name = raw.trim();
      if (!name) continue;
      if (taken.has(name.toLowerCase())) {
        setAddError(`“${name}” is already in the list.`);
        return;
      }
      if (name.length > 60) {
        setAddError('The option name may not be longer than 60 characters.');
        return;
      }
      if (taken.size + added.length >= MAX_ATTRIBUTE_OPTIONS) {
        setAddError(`The attribute may have at most ${MAX_ATTRIBUTE_OPTIONS} options.`);
        return;
      }
      taken.add(name.toLowerCase());
      added.push(name);
    }
    setAddError(null);
    if (added.length === 0) return;
    append(added.map((name) => ({ name })), { shouldFocus: false });
    onPendingChange('');
    if (errors?.message || errors?.root) form.clearErrors('options');
    focusNext.current = { key: '', control: 'new' };
  }

  function moveRow(index: number, to: number, control: Control) {
    if (to < 0 || to >= fields.length) return;
    const key = fields[index]?.key;
    move(index, to);
    if (key) focusNext.current = { key, control };
  }

  function removeRow(index: number) {
    const next = fields[index + 1] ?? fields[index - 1];
    remove(index);
    focusNext.current = next ? { key: next.key, control: 'input' } : { key: '', control: 'new' };
  }

  function onRowKeyDown(event: KeyboardEvent<HTMLInputElement>, index: number) {
    if (event.key === 'Enter') {
      // Enter goes on to the next option (or the new-option box) instead of saving the form.
      event.preventDefault();
      const next = fields[index + 1];
      const selector = next ? `[data-option="${next.key}"] [data-control="input"]` : '[data-control="new"]';
      listRef.current?.querySelector<HTMLElement>(selector)?.focus();
    } else if (event.altKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
      event.preventDefault();
      moveRow(index, event.key === 'ArrowUp' ? index - 1 : index + 1, 'input');
    }
  }

  function onNewKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    add([pending]);
  }

  function onNewPaste(event: ClipboardEvent<HTMLInputElement>) {
    const text = event.clipboardData.getData('text');
    if (!/[\r\n]/.test(text)) return;
    event.preventDefault();
    add(text.split(/\r?\n/));
  }

  return (
    <div ref={listRef}>
      {fields.length === 0 ? (
        <p className="rounded-md border border-dashed border-gray-300 px-4 py-6 text-center text-sm text-gray-600">
          No options yet. Type the first one below and press Enter.
        </p>
      ) : (
        <ol aria-label="Options" className="divide-y divide-gray-100 rounded-md border border-gray-200">
          {fields.map((field, index) => {
            const rowErrors = errors?.[index];
            const message = rowErrors?.name?.message ?? rowErrors?.id?.message;
            const isUsed = field.id !== undefined && usedIds.has(field.id);
            const label = form.watch(`options.${index}.name`) || `option ${index + 1}`;
            return (
              <li key={field.key} data-option={field.key} className="px-3 py-2">
                <div className="flex items-center gap-2">
                  <span aria-hidden="true" className="w-6 text-right text-xs text-gray-400 tabular-nums">
                    {index + 1}.
                  </span>
                  <div className="min-w-0 flex-1">
                    <TextInput
                      {...form.register(`options.${index}.name`)}
                      data-control="input"
                      aria-label={`Option ${index + 1}`}
                      aria-invalid={message ? true : undefined}
                      aria-describedby={message ? `${newOptionId}-row-${index}` : undefined}
                      invalid={Boolean(message)}
                      onKeyDown={(event) => onRowKeyDown(event, index)}
                    />
                  </div>
                  {/* A fixed slot, so the fields line up whether or not an option is in use. */}
                  <span className="w-16 text-center" title={isUsed ? 'Product variants are made with this option: it cannot be removed.' : undefined}>
                    {isUsed && <Badge tone="green">In use</Badge>}
                  </span>
                  <Button
                    variant="ghost"
                    className="px-2 py-1.5"
                    data-control="up"
                    aria-label={`Move ${label} up`}
                    disabled={index === 0}
                    onClick={() => moveRow(index, index - 1, 'up')}
                  >
                    <Arrow direction="up" />
                  </Button>
                  <Button
                    variant="ghost"
                    className="px-2 py-1.5"
                    data-control="down"
                    aria-label={`Move ${label} down`}
                    disabled={index === fields.length - 1}
                    onClick={() => moveRow(index, index + 1, 'down')}
                  >
                    <Arrow direction="down" />
                  </Button>
                  <Button
                    variant="ghost"
                    className="px-2 py-1.5 text-xs text-red-700"
                    data-control="remove"
                    aria-label={`Remove ${label}`}
                    title={isUsed ? 'Product variants are made with this option: it cannot be removed.' : undefined}
                    disabled={isUsed}
                    onClick={() => removeRow(index)}
                  >
                    Remove
                  </Button>
                </div>
                {message && (
                  <p id={`${newOptionId}-row-${index}`} className="mt-1 ml-8 text-sm text-red-600">
                    {message}
                  </p>
                )}
              </li>
            );
          })}
        </ol>
      )}
      {hasUsed && (
        <p className="mt-2 text-xs text-gray-500">Options marked “In use” are in product variants: they can be renamed and moved, not removed.</p>
      )}
      {listError && (
        <p role="alert" className="mt-2 text-sm text-red-600">
          {listError}
        </p>
      )}
      <div className="mt-4">
        <label htmlFor={newOptionId} className="block text-sm font-medium text-gray-700">
          New option
        </label>
        <div className="mt-1.5 flex gap-2">
          <div className="flex-1">
            <TextInput
              id={newOptionId}
              data-control="new"
              value={pending}
              placeholder="e.g. XL"
              aria-describedby={addError ? `${newOptionId}-error` : hintId}
              invalid={Boolean(addError)}
              onChange={(event) => {
                onPendingChange(event.target.value);
                if (addError) setAddError(null);
              }}
              onKeyDown={onNewKeyDown}
              onPaste={onNewPaste}
            />
          </div>
          <Button variant="secondary" onClick={() => add([pending])}>
            Add
          </Button>
        </div>
        {addError ? (
          <p id={`${newOptionId}-error`} role="alert" className="mt-1.5 text-sm text-red-600">
            {addError}
          </p>
        ) : (
          <p id={hintId} className="mt-1.5 text-xs text-gray-500">
            Press Enter to add an option; paste several lines to add one each. Alt+↑ and Alt+↓ move the option you are in.
          </p>
        )}
      </div>
    </div>
  );
}
