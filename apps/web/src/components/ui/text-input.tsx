import { useImperativeHandle, useRef, useState } from 'react';
import type { ChangeEvent, ComponentProps } from 'react';
import { cn, unlessWidth } from '../../lib/class-names.ts';

type TextInputProps = ComponentProps<'input'> & {
  /** Shows a clear icon while the field has a value (SPEC §1). */
  clearable?: boolean;
  /** Called after the clear icon emptied the field; a controlled field must clear its value here. */
  onClear?: () => void;
  /** Draws the field as invalid (red border) and sets aria-invalid. */
  invalid?: boolean;
};

// React tracks the value of an input through the prototype's setter; going through it and
// dispatching "input" makes React fire onChange as if the user had emptied the field.
function clearNativeInput(input: HTMLInputElement): void {
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  setValue?.call(input, '');
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

export function TextInput({
  clearable = false,
  onClear,
  invalid = false,
  className,
  ref,
  onChange,
  type = 'text',
  ...props
}: TextInputProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  useImperativeHandle(ref, () => inputRef.current as HTMLInputElement, []);

  const isControlled = props.value !== undefined;
  const [uncontrolledHasValue, setUncontrolledHasValue] = useState(
    props.defaultValue !== undefined && String(props.defaultValue) !== '',
  );
  const hasValue = isControlled ? String(props.value) !== '' : uncontrolledHasValue;
  const showClear = clearable && hasValue && !props.disabled && !props.readOnly;

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    if (!isControlled) setUncontrolledHasValue(event.target.value !== '');
    onChange?.(event);
  }

  function handleClear() {
    const input = inputRef.current;
    if (input) {
      if (!isControlled) clearNativeInput(input);
      input.focus();
    }
    onClear?.();
  }

  return (
    <div className="relative">
      <input
        ref={inputRef}
        type={type}
        aria-invalid={invalid || undefined}
        onChange={handleChange}
        className={cn(
          'block rounded-md border bg-white px-3 py-2 text-sm text-gray-900 shadow-sm placeholder:text-gray-400',
          'focus:outline-none focus:ring-2 focus:ring-indigo-500/40 disabled:bg-gray-100 disabled:text-gray-500',
          invalid ? 'border-red-500 focus:border-red-500' : 'border-gray-300 focus:border-indigo-500',
          showClear && 'pr-9',
          unlessWidth(className, 'w-full'),
          className,
        )}
        {...props}
      />
      {showClear && (
        <button
          type="button"
          aria-label="Clear"
          onClick={handleClear}
          className="absolute inset-y-0 right-0 flex w-9 items-center justify-center rounded-r-md text-gray-400 hover:text-gray-600 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
            <path d="M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm2.8 4.1 1.1 1.1L11.1 10l2.8 2.8-1.1 1.1L10 11.1l-2.8 2.8-1.1-1.1L8.9 10 6.1 7.2l1.1-1.1L10 8.9l2.8-2.8Z" />
          </svg>
        </button>
      )}
    </div>
  );
}
