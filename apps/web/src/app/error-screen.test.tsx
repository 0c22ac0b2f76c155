import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { httpError } from '../testing/fixtures.ts';
import { ErrorScreen, getErrorStatus, initialErrorCode } from './error-screen.tsx';

describe('ErrorScreen', () => {
  it('starts from the error code "4999" (SPEC §9)', () => {
    expect(initialErrorCode).toBe('4999');
    render(<ErrorScreen error={new Error('render failed')} />);
    expect(screen.getByText('Error 4999')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
  });

  it('shows the HTTP status when the error carries one', () => {
    render(<ErrorScreen error={httpError(503)} />);
    expect(screen.getByText('Error 503')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
  });

  it('says "Page not found" for a 404', () => {
    render(<ErrorScreen error={{ status: 404, statusText: 'Not Found', internal: true, data: '' }} />);
    expect(screen.getByText('Error 404')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });
});

describe('getErrorStatus', () => {
  it('reads the status of failed requests and router responses only', () => {
    expect(getErrorStatus(httpError(500))).toBe(500);
    expect(getErrorStatus({ status: 404 })).toBe(404);
    expect(getErrorStatus(new Error('x'))).toBeUndefined();
    expect(getErrorStatus(null)).toBeUndefined();
  });
});
