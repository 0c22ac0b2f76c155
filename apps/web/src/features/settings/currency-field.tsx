import { useState, type Ref } from 'react';
import { Field } from '../../components/ui/field.tsx';
import { Select } from '../../components/ui/select.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { commonCurrencies, isCommonCurrency } from './choices.ts';

const otherValue = 'other';

type CurrencyFieldProps = {
  value: string;
  onChange: (code: string) => void;
  onBlur: () => void;
  error?: string;
  /** The form's ref, on whichever control is showing, so a server error can focus it. */
  fieldRef: Ref<HTMLInputElement & HTMLSelectElement>;
};

/** A list of common currencies, and "Other" to type any ISO 4217 code (the server checks it). */
export function CurrencyField({ value, onChange, onBlur, error, fieldRef }: CurrencyFieldProps) {
  const [isOther, setIsOther] = useState(() => !isCommonCurrency(value));

  return (
    <div className="space-y-3">
      <Field label="Currency" error={isOther ? undefined : error}>
        <Select
          ref={isOther ? undefined : fieldRef}
          value={isOther ? otherValue : value.toUpperCase()}
          onBlur={onBlur}
          onChange={(event) => {
            const next = event.target.value;
            if (next === otherValue) {
              // Keep the current code to edit rather than emptying it.
              setIsOther(true);
              return;
            }
            setIsOther(false);
            onChange(next);
          }}
        >
          {commonCurrencies.map((currency) => (
            <option key={currency.code} value={currency.code}>
              {currency.code} — {currency.name}
            </option>
          ))}
          <option value={otherValue}>Other (type a code)…</option>
        </Select>
      </Field>
      {isOther && (
        <Field label="Currency code" error={error} hint="The three-letter ISO 4217 code, e.g. THB or KES.">
          <TextInput
            ref={fieldRef}
            value={value}
            maxLength={3}
            autoComplete="off"
            spellCheck={false}
            className="w-32 uppercase"
            onBlur={onBlur}
            onChange={(event) => onChange(event.target.value.toUpperCase())}
          />
        </Field>
      )}
    </div>
  );
}
