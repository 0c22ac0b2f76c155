export const loginPath = '/login';
export const redirectParam = 'redirect_to';

// Tabs and new lines are dropped by the URL parser ("/\t/evil.example" becomes "//evil.example"),
// and browsers read a backslash as a slash, so both are refused anywhere in the value.
// eslint-disable-next-line no-control-regex
const unsafeCharacters = /[\u0000-\u001f\u007f\\]/;

/**
 * Returns `value` when it is a path on this site ("/orders?page=2"), otherwise null.
 * Guards redirect_to against open redirects: "//evil.example", "/\\evil.example",
 * "https://evil.example" and "javascript:…" are all refused.
 */
export function getSafeRedirectPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//')) return null;
  if (unsafeCharacters.test(value)) return null;
  try {
    const origin = window.location.origin;
    const url = new URL(value, origin);
    return url.origin === origin ? value : null;
  } catch {
    return null;
  }
}

/** "/login?redirect_to=%2Forders%3Fpage%3D2", or plain "/login" when there is nowhere worth returning to. */
export function buildLoginPath(returnTo?: string): string {
  const safe = getSafeRedirectPath(returnTo);
  if (!safe || safe === '/' || safe === loginPath || safe.startsWith(`${loginPath}?`)) return loginPath;
  return `${loginPath}?${new URLSearchParams({ [redirectParam]: safe }).toString()}`;
}
