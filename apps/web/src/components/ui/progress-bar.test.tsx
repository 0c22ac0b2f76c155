import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProgressBar } from './progress-bar.tsx';

describe('ProgressBar', () => {
  it('tells how far the work is, in words and to screen readers', () => {
    render(<ProgressBar value={42.4} label="Uploading" />);
    const bar = screen.getByRole('progressbar', { name: 'Uploading' });
    expect(bar.getAttribute('aria-valuenow')).toBe('42');
    expect(screen.getByText('42%')).toBeTruthy();
    expect((bar.firstElementChild as HTMLElement).style.width).toBe('42%');
  });

  it('keeps the value between 0 and 100 and has no value while the size is unknown', () => {
    const { rerender } = render(<ProgressBar value={140} label="Uploading" />);
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    rerender(<ProgressBar value={null} label="Uploading" />);
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBeNull();
    expect(screen.queryByText(/%$/)).toBeNull();
  });
});
