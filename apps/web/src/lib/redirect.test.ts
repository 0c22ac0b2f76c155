import { describe, expect, it } from 'vitest';
import { buildLoginPath, getSafeRedirectPath } from './redirect.ts';

describe('getSafeRedirectPath', () => {
  it('accepts paths on this site', () => {
    expect(getSafeRedirectPath('/orders')).toBe('/orders');
    expect(getSafeRedirectPath('/analytics?path=revenue')).toBe('/analytics?path=revenue');
  });

  it.each([
    null,
    '',
    'orders',
    '//evil.example',
    '/\\evil.example',
    '/\t/evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
  ])('refuses %j', (value) => {
    expect(getSafeRedirectPath(value)).toBeNull();
  });
});

describe('buildLoginPath', () => {
  it('remembers where the user was', () => {
    expect(buildLoginPath('/products?page=2')).toBe('/login?redirect_to=%2Fproducts%3Fpage%3D2');
  });

  it('is plain /login when there is nothing worth returning to', () => {
    expect(buildLoginPath()).toBe('/login');
    expect(buildLoginPath('/')).toBe('/login');
    expect(buildLoginPath('/login?redirect_to=%2Fx')).toBe('/login');
    expect(buildLoginPath('//evil.example')).toBe('/login');
  });
});
