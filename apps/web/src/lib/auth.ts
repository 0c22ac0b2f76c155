import { useSyncExternalStore } from 'react';
import { userTypes } from '@tillbook/contract';
import type { User } from '@tillbook/contract';

/** SPEC.md §3: the signed-in user lives in localStorage under `user`, and is null when signed out. */
export const userStorageKey = 'user';

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cachedUser: User | null = null;

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(userStorageKey);
  } catch {
    // Storage can be unavailable (privacy modes); treat it as signed out.
    return null;
  }
}

function isStoredUser(value: unknown): value is User {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<User>;
  return typeof candidate.username === 'string' && userTypes.some((type) => type === candidate.type);
}

function parseUser(raw: string | null): User | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return isStoredUser(value) ? value : null;
  } catch {
    return null;
  }
}

/** The stored user, or null. The same object is returned until the stored text changes. */
export function getUser(): User | null {
  const raw = readRaw();
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedUser = parseUser(raw);
  }
  return cachedUser;
}

/** Stores the signed-in user, or null on logout and on any 401 (stored as the JSON text "null"). */
export function setUser(user: User | null): void {
  const raw = JSON.stringify(user);
  if (raw === readRaw()) return;
  try {
    window.localStorage.setItem(userStorageKey, raw);
  } catch {
    // Without storage the session still works for this page; nothing else to do.
  }
  notify();
}

function notify(): void {
  for (const listener of listeners) listener();
}

function onStorage(event: StorageEvent): void {
  // Another tab signed in or out.
  if (event.key === userStorageKey || event.key === null) notify();
}

export function subscribeToUser(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

/** The signed-in user; components re-render when it changes, in this tab or another. */
export function useUser(): User | null {
  return useSyncExternalStore(subscribeToUser, getUser, () => null);
}
