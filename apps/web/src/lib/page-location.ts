/**
 * Full page loads go through this object so tests can observe them (jsdom implements neither
 * `location.assign` nor `location.reload`). A full load also drops every in-memory cache, which
 * is what we want after a sign-out or an expired session.
 */
export const pageLocation = {
  assign(url: string): void {
    window.location.assign(url);
  },
  reload(): void {
    window.location.reload();
  },
  /** The current path with its query, e.g. "/products?page=2". */
  currentPath(): string {
    return `${window.location.pathname}${window.location.search}`;
  },
};
