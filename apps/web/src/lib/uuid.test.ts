import { afterEach, describe, expect, it, vi } from 'vitest';
import { newUuid } from './uuid.ts';

const uuidV4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newUuid', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('makes a version 4 UUID', () => {
    expect(newUuid()).toMatch(uuidV4);
  });

  it('still makes one on plain HTTP, where crypto.randomUUID is missing', () => {
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: (array: Uint8Array<ArrayBuffer>) => real.getRandomValues(array) });
    const made = new Set(Array.from({ length: 50 }, () => newUuid()));
    expect(made.size).toBe(50);
    for (const uuid of made) expect(uuid).toMatch(uuidV4);
  });
});
