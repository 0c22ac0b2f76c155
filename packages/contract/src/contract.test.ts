import { describe, expect, it } from 'vitest';
import { homePathByType, loginInput, pageMetaOf, throttledMessage, userTypes } from './index.ts';

describe('contract', () => {
  it('knows exactly the two user types of SPEC.md §1 and where each lands', () => {
    expect(userTypes).toEqual(['administrator', 'cashier']);
    expect(homePathByType).toEqual({ administrator: '/dashboard', cashier: '/registers' });
  });

  it('reads the login payload with the username in the email field', () => {
    expect(loginInput.parse({ email: ' admin ', password: 'pw' })).toEqual({ email: 'admin', password: 'pw' });
    const failed = loginInput.safeParse({ email: '', password: '' });
    expect(failed.success).toBe(false);
    expect(failed.error?.issues.map((i) => i.message)).toEqual([
      'The email field is required.',
      'The password field is required.',
    ]);
  });

  it('computes the last page of a list, never below 1', () => {
    expect(pageMetaOf(1, 25, 0)).toEqual({ page: 1, perPage: 25, total: 0, lastPage: 1 });
    expect(pageMetaOf(2, 25, 51)).toEqual({ page: 2, perPage: 25, total: 51, lastPage: 3 });
  });

  it('words the throttle message for one and for several seconds', () => {
    expect(throttledMessage(1)).toBe('Too many login attempts. Please try again in 1 second.');
    expect(throttledMessage(42)).toBe('Too many login attempts. Please try again in 42 seconds.');
  });
});
