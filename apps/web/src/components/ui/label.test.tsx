import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Label } from './label.tsx';

describe('Label', () => {
  it('names the field it is for', () => {
    render(
      <>
        <Label htmlFor="sku">SKU</Label>
        <input id="sku" />
      </>,
    );
    expect(screen.getByLabelText('SKU').id).toBe('sku');
  });

  it('keeps its own classes and adds the given ones', () => {
    render(<Label className="sr-only">Hidden</Label>);
    const label = screen.getByText('Hidden');
    expect(label.tagName).toBe('LABEL');
    expect(label.className).toContain('text-sm');
    expect(label.className).toContain('sr-only');
  });
});
