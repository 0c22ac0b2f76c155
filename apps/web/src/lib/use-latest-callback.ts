import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * A function that stays the same from render to render and calls the latest `callback`: a
 * listener installed once, or a memoised child handed it, is not redone each time the caller draws.
 */
export function useLatestCallback<A extends unknown[], R>(callback: (...args: A) => R): (...args: A) => R {
  const latest = useRef(callback);
  useLayoutEffect(() => {
    latest.current = callback;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}
