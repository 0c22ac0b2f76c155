import { AxiosError, AxiosHeaders } from 'axios';
import type { AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import type { User } from '@tillbook/contract';

export function buildUser(overrides: Partial<User> = {}): User {
  return {
    id: 1,
    username: 'ada',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    type: 'administrator',
    outletId: null,
    active: true,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export const administrator = buildUser();
export const cashier = buildUser({ id: 2, username: 'carl', name: 'Carl Cash', type: 'cashier', outletId: 1 });

export function signIn(user: User): void {
  window.localStorage.setItem('user', JSON.stringify(user));
}

/** An axios error as the HTTP client produces it when the server answers `status`. */
export function httpError(
  status: number,
  data: unknown = { message: 'Error' },
  config: Partial<InternalAxiosRequestConfig> = {},
): AxiosError {
  const requestConfig = { headers: new AxiosHeaders(), ...config } as InternalAxiosRequestConfig;
  const response = { status, statusText: '', data, headers: {}, config: requestConfig } as AxiosResponse;
  return new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_RESPONSE', requestConfig, {}, response);
}

/** A network failure: the request went out and no answer came back. */
export function networkError(): AxiosError {
  return new AxiosError('Network Error', 'ERR_NETWORK', { headers: new AxiosHeaders() } as InternalAxiosRequestConfig, {});
}

/** A promise whose settling the test controls, to look at the screen while a request runs. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
