import type { ComponentType } from 'react';
import { loadWithTimeout } from './lazy-with-timeout.ts';

/** A route's `lazy`: the screen's own chunk, downloaded within the 120 s limit (SPEC §9). */
export function lazyScreen<M extends Record<string, unknown>>(load: () => Promise<M>, exportName: keyof M & string) {
  return async () => {
    const module = await loadWithTimeout(load);
    return { Component: module[exportName] as ComponentType };
  };
}
