import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { TabLinks } from './tab-links.tsx';

describe('TabLinks', () => {
  it('links every tab and marks the current one', () => {
    render(
      <MemoryRouter>
        <TabLinks
          label="Customer"
          current="notes"
          tabs={[
            { key: 'details', label: 'Details', to: '/customers/1/edit' },
            { key: 'notes', label: 'Notes', to: '/customers/1/edit?tab=notes' },
          ]}
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('navigation', { name: 'Customer' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Details' }).getAttribute('aria-current')).toBeNull();
    const notes = screen.getByRole('link', { name: 'Notes' });
    expect(notes.getAttribute('aria-current')).toBe('page');
    expect(notes.getAttribute('href')).toBe('/customers/1/edit?tab=notes');
  });
});
