import { cn } from '../../lib/class-names.ts';
import { TextInput } from './text-input.tsx';

export type Swatch = { name: string; hex: string };

/** Tile colours that stay readable with white text on a sell screen. */
export const presetSwatches: Swatch[] = [
  { name: 'Indigo', hex: '#4f46e5' },
  { name: 'Blue', hex: '#2563eb' },
  { name: 'Sky', hex: '#0284c7' },
  { name: 'Teal', hex: '#0d9488' },
  { name: 'Green', hex: '#16a34a' },
  { name: 'Lime', hex: '#65a30d' },
  { name: 'Amber', hex: '#d97706' },
  { name: 'Orange', hex: '#ea580c' },
  { name: 'Red', hex: '#dc2626' },
  { name: 'Pink', hex: '#db2777' },
  { name: 'Purple', hex: '#9333ea' },
  { name: 'Slate', hex: '#475569' },
];

const hexPattern = /^#[0-9a-fA-F]{6}$/;

function luminanceOf(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const channel = parseInt(hex.slice(i, i + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/**
 * White or near-black, whichever reads better on a tile of `hex` (WCAG contrast): a shop may
 * pick any colour, and white on cyan or amber falls below 4.5:1.
 */
export function textColourOn(hex: string): '#ffffff' | '#111827' {
  if (!hexPattern.test(hex)) return '#ffffff';
  const background = luminanceOf(hex);
  const onWhite = 1.05 / (background + 0.05);
  const onDark = (background + 0.05) / (luminanceOf('#111827') + 0.05);
  return onWhite >= onDark ? '#ffffff' : '#111827';
}

type ColourInputProps = {
  /** "#rrggbb", what is being typed, or null for no colour. */
  value: string | null;
  onChange: (value: string | null) => void;
  onBlur?: () => void;
  swatches?: Swatch[];
  /** Set by Field: the hex field is the labelled control. */
  id?: string;
  invalid?: boolean;
  'aria-describedby'?: string;
};

/** A colour: a preset swatch, any colour from the system picker, or a typed hex code; or none. */
export function ColourInput({ value, onChange, onBlur, swatches = presetSwatches, id, invalid, ...aria }: ColourInputProps) {
  const current = value ?? '';
  const isValid = hexPattern.test(current);
  return (
    <div className="space-y-3">
      <div role="group" aria-label="Preset colours" className="flex flex-wrap gap-2">
        {swatches.map((swatch) => {
          const isChosen = isValid && current.toLowerCase() === swatch.hex;
          return (
            <button
              key={swatch.hex}
              type="button"
              aria-label={`${swatch.name} ${swatch.hex}`}
              aria-pressed={isChosen}
              title={swatch.name}
              onClick={() => onChange(swatch.hex)}
              className={cn(
                'size-8 rounded-full border border-black/10 shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
                isChosen && 'ring-2 ring-gray-900 ring-offset-2',
              )}
              style={{ backgroundColor: swatch.hex }}
            />
          );
        })}
        <button
          type="button"
          aria-pressed={current === ''}
          onClick={() => onChange(null)}
          className={cn(
            'h-8 rounded-full border border-dashed border-gray-300 px-3 text-xs font-medium text-gray-600 hover:bg-gray-50',
            current === '' && 'ring-2 ring-gray-900 ring-offset-2',
          )}
        >
          No colour
        </button>
      </div>
      <div className="flex items-center gap-2">
        <span
          aria-hidden="true"
          className={cn('size-9 shrink-0 rounded-md border border-gray-300', !isValid && 'bg-[repeating-linear-gradient(45deg,#f3f4f6_0_4px,#fff_4px_8px)]')}
          style={isValid ? { backgroundColor: current } : undefined}
        />
        <TextInput
          id={id}
          invalid={invalid}
          aria-describedby={aria['aria-describedby']}
          value={current}
          placeholder="#4f46e5"
          maxLength={7}
          spellCheck={false}
          autoComplete="off"
          onChange={(event) => onChange(event.target.value === '' ? null : event.target.value)}
          onBlur={onBlur}
          className="w-32 font-mono"
        />
        <label className="inline-flex cursor-pointer items-center gap-1.5 text-sm text-indigo-700 hover:underline">
          <input
            type="color"
            className="sr-only"
            value={isValid ? current.toLowerCase() : '#4f46e5'}
            onChange={(event) => onChange(event.target.value)}
          />
          Other colour…
        </label>
      </div>
    </div>
  );
}
