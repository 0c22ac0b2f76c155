import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Block } from './block.tsx';

describe('Block', () => {
  it('wraps its content in a white bordered block named by its title', () => {
    render(
      <Block title="Stock" actions={<button type="button">Adjust</button>}>
        <p>12 in stock</p>
      </Block>,
    );
    const block = screen.getByRole('region', { name: 'Stock' });
    expect(block.className).toContain('bg-white');
    expect(block.className).toContain('border');
    expect(block.className).toContain('rounded-lg');
    expect(block.textContent).toContain('12 in stock');
    expect(screen.getByRole('heading', { name: 'Stock' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Adjust' })).toBeTruthy();
  });

  it('has no header without a title', () => {
    const { container } = render(<Block>Plain content</Block>);
    expect(container.querySelector('header')).toBeNull();
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.getByText('Plain content')).toBeTruthy();
  });
});
