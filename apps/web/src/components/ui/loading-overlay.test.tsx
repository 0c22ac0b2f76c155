import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LoadingOverlay } from './loading-overlay.tsx';

describe('LoadingOverlay', () => {
  it('covers the whole screen and announces that something is loading', () => {
    render(<LoadingOverlay />);
    const overlay = screen.getByRole('status', { name: 'Loading' });
    expect(overlay.className).toContain('fixed');
    expect(overlay.className).toContain('inset-0');
    expect(overlay.querySelector('svg')).toBeTruthy();
  });

  it('can name what it waits for', () => {
    render(<LoadingOverlay label="Saving" />);
    expect(screen.getByRole('status', { name: 'Saving' })).toBeTruthy();
  });
});
