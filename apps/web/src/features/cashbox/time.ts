/** "09:02" in the browser's own time and locale: the drawer screens show when things happened today. */
export function clockOf(iso: string): string {
  return new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}

/** "22/11/2026, 09:02": a moment on the reports. */
export function momentOf(iso: string): string {
  return new Date(iso).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' });
}
