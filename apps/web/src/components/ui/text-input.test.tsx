import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Label } from './label.tsx';
import { TextInput } from './text-input.tsx';

function ControlledSearch({ onClear }: { onClear?: () => void }) {
  const [value, setValue] = useState('shirt');
  return (
    <>
      <Label htmlFor="search">Search</Label>
      <TextInput
        id="search"
        clearable
        value={value}
        onChange={(event) => setValue(event.target.value)}
        onClear={() => {
          setValue('');
          onClear?.();
        }}
      />
    </>
  );
}

describe('TextInput', () => {
  it('is a labelled text field that takes typing', async () => {
    render(
      <>
        <Label htmlFor="name">Name</Label>
        <TextInput id="name" />
      </>,
    );
    const input = screen.getByLabelText('Name') as HTMLInputElement;
    expect(input.type).toBe('text');
    await userEvent.type(input, 'Blue mug');
    expect(input.value).toBe('Blue mug');
  });

  it('shows no clear icon unless clearable', () => {
    render(<TextInput aria-label="Name" defaultValue="Mug" />);
    expect(screen.queryByRole('button', { name: 'Clear' })).toBeNull();
  });

  it('shows the clear icon only while a clearable field has a value', async () => {
    render(<TextInput aria-label="Search" clearable />);
    expect(screen.queryByRole('button', { name: 'Clear' })).toBeNull();
    await userEvent.type(screen.getByLabelText('Search'), 'a');
    expect(screen.getByRole('button', { name: 'Clear' })).toBeTruthy();
  });

  it('clears a controlled field through onClear and gives it the focus', async () => {
    const onClear = vi.fn();
    render(<ControlledSearch onClear={onClear} />);
    const input = screen.getByLabelText('Search') as HTMLInputElement;
    expect(input.value).toBe('shirt');
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(onClear).toHaveBeenCalledTimes(1);
    expect(input.value).toBe('');
    expect(document.activeElement).toBe(input);
    expect(screen.queryByRole('button', { name: 'Clear' })).toBeNull();
  });

  it('clears an uncontrolled field itself and reports the change', async () => {
    const onChange = vi.fn();
    const onClear = vi.fn();
    render(<TextInput aria-label="Barcode" clearable defaultValue="4006381333931" onChange={onChange} onClear={onClear} />);
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect((screen.getByLabelText('Barcode') as HTMLInputElement).value).toBe('');
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onClear).toHaveBeenCalledTimes(1);
  });

  it('forwards its ref to the input element', () => {
    let element: HTMLInputElement | null = null;
    render(<TextInput aria-label="Price" ref={(node) => void (element = node)} />);
    expect(element).toBe(screen.getByLabelText('Price'));
  });

  it('marks an invalid field for assistive technology', () => {
    render(<TextInput aria-label="Email" invalid />);
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
  });
});
