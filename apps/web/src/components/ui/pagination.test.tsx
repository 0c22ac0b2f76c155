import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pagination } from './pagination.tsx';

describe('Pagination', () => {
  it('says which rows of how many are shown, and moves a page', async () => {
    const onPageChange = vi.fn();
    render(<Pagination meta={{ page: 2, perPage: 25, total: 312, lastPage: 13 }} onPageChange={onPageChange} noun="products" />);
    expect(screen.getByRole('navigation', { name: 'Pagination' }).textContent).toContain('Showing 26–50 of 312 products');
    expect(screen.getByText('Page 2 of 13')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPageChange).toHaveBeenCalledWith(3);
  });

  it('says "5,000+" when a search stopped counting at its cap', () => {
    render(<Pagination meta={{ page: 1, perPage: 25, total: 5000, lastPage: 200, totalCapped: true }} onPageChange={vi.fn()} noun="products" />);
    expect(screen.getByRole('navigation', { name: 'Pagination' }).textContent).toContain('Showing 1–25 of 5,000+ products');
    expect(screen.getByText('Page 1 of 200+')).toBeTruthy();
  });

  it('shows nothing for an empty list', () => {
    const { container } = render(<Pagination meta={{ page: 1, perPage: 25, total: 0, lastPage: 1 }} onPageChange={vi.fn()} />);
    expect(container.textContent).toBe('');
  });
});
