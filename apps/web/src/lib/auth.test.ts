import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { administrator, cashier } from '../testing/fixtures.ts';
import { getUser, setUser, userStorageKey, useUser } from './auth.ts';

describe('auth store', () => {
  it('keeps the signed-in user in localStorage under "user" (SPEC §3)', () => {
    expect(userStorageKey).toBe('user');
    setUser(administrator);
    expect(JSON.parse(window.localStorage.getItem('user') ?? '')).toEqual(administrator);
    expect(getUser()).toEqual(administrator);
  });

  it('stores null on logout', () => {
    setUser(administrator);
    setUser(null);
    expect(window.localStorage.getItem('user')).toBe('null');
    expect(getUser()).toBeNull();
  });

  it('treats missing or damaged storage as signed out', () => {
    expect(getUser()).toBeNull();
    window.localStorage.setItem('user', '{not json');
    expect(getUser()).toBeNull();
    window.localStorage.setItem('user', JSON.stringify({ username: 'x', type: 'owner' }));
    expect(getUser()).toBeNull();
  });

  it('re-renders users of useUser when the user changes', () => {
    const { result } = renderHook(() => useUser());
    expect(result.current).toBeNull();
    act(() => setUser(cashier));
    expect(result.current).toEqual(cashier);
    act(() => setUser(null));
    expect(result.current).toBeNull();
  });

  it('follows a sign-out in another tab', () => {
    setUser(administrator);
    const { result } = renderHook(() => useUser());
    expect(result.current?.username).toBe('ada');
    act(() => {
      window.localStorage.setItem('user', 'null');
      window.dispatchEvent(new StorageEvent('storage', { key: 'user' }));
    });
    expect(result.current).toBeNull();
  });
});
