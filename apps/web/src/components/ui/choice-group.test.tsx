import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ChoiceGroup } from './choice-group.tsx';

const options = [
  { value: 'fixed', label: 'Fixed amount', description: 'The same sum every time' },
  { value: 'percentage', label: 'Percentage', description: 'A share of the price' },
] as const;

function Kind({ error }: { error?: string }) {
  const [value, setValue] = useState<'fixed' | 'percentage'>('fixed');
  return (
    <>
      <ChoiceGroup legend="Kind" options={options} value={value} onChange={setValue} error={error} />
      <output>{value}</output>
    </>
  );
}

describe('ChoiceGroup', () => {
  it('is a named group of radios with the chosen one checked', () => {
    render(<Kind />);
    expect(screen.getByRole('group', { name: 'Kind' })).toBeTruthy();
    expect((screen.getByRole('radio', { name: /Fixed amount/ }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: /Percentage/ }) as HTMLInputElement).checked).toBe(false);
    expect(screen.getByText('A share of the price')).toBeTruthy();
  });

  it('changes the choice by clicking its card or its radio', async () => {
    render(<Kind />);
    await userEvent.click(screen.getByText('A share of the price'));
    expect(screen.getByRole('status').textContent).toBe('percentage');
    await userEvent.click(screen.getByRole('radio', { name: /Fixed amount/ }));
    expect(screen.getByRole('status').textContent).toBe('fixed');
  });

  it('shows its error and marks the group invalid', () => {
    render(<Kind error="The kind must be fixed or percentage." />);
    const group = screen.getByRole('group', { name: 'Kind' });
    expect(group.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('The kind must be fixed or percentage.').id).toBe(group.getAttribute('aria-describedby'));
  });
});
