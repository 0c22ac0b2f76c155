import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ColourInput } from './colour-input.tsx';

function Harness({ initial, onChange }: { initial: string | null; onChange?: (v: string | null) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <ColourInput
      id="colour"
      value={value}
      onChange={(v) => {
        setValue(v);
        onChange?.(v);
      }}
    />
  );
}

describe('ColourInput', () => {
  it('picks a preset swatch and marks it as chosen', async () => {
    const onChange = vi.fn();
    render(<Harness initial={null} onChange={onChange} />);
    expect(screen.getByRole('button', { name: 'No colour' }).getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(screen.getByRole('button', { name: 'Teal #0d9488' }));
    expect(onChange).toHaveBeenLastCalledWith('#0d9488');
    expect(screen.getByRole('button', { name: 'Teal #0d9488' }).getAttribute('aria-pressed')).toBe('true');
    expect((document.getElementById('colour') as HTMLInputElement).value).toBe('#0d9488');
  });

  it('keeps a typed hex code as typed, and No colour empties it', async () => {
    const onChange = vi.fn();
    render(<Harness initial="#4f46e5" onChange={onChange} />);
    const hex = document.getElementById('colour') as HTMLInputElement;
    await userEvent.clear(hex);
    await userEvent.type(hex, '#12ab');
    expect(hex.value).toBe('#12ab');
    expect(onChange).toHaveBeenLastCalledWith('#12ab');
    await userEvent.click(screen.getByRole('button', { name: 'No colour' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(hex.value).toBe('');
  });
});
