import { useLayoutEffect } from 'react';
import { useLatestCallback } from '../../lib/use-latest-callback.ts';

/**
 * A keyboard-wedge scanner types a code at a few milliseconds a character; the fastest typist
 * needs about 100 ms. A burst holds while no gap reaches SCAN_MAX_GAP_MS, and it is a scan when
 * its gaps average under SCAN_MAX_AVERAGE_GAP_MS: one late key (a busy screen) does not spoil a
 * scan, and a person typing quickly is still not a scanner.
 */
export const SCAN_MAX_GAP_MS = 120;
export const SCAN_MAX_AVERAGE_GAP_MS = 60;
const DEFAULT_MIN_LENGTH = 4;

type ScannerOptions = { enabled?: boolean; minLength?: number };

/**
 * Hears a keyboard-wedge barcode scanner anywhere on the screen, also while a text field has
 * focus: at least `minLength` characters in a burst too fast for a person, then Enter. The Enter
 * of a scan is kept from the page (no form submits, no field acts on it); the characters did
 * reach the focused field, so the screen clears its search box when `onScan` is called.
 */
export function useBarcodeScanner(onScan: (code: string) => void, options?: ScannerOptions): void {
  const enabled = options?.enabled ?? true;
  const minLength = options?.minLength ?? DEFAULT_MIN_LENGTH;
  const scanned = useLatestCallback(onScan);

  // Listening from the commit, before the screen is painted: a scan the moment the screen shows is heard.
  useLayoutEffect(() => {
    if (!enabled) return;
    let burst = '';
    let startedAt = 0;
    let lastAt = 0;

    const onKeyDown = (event: KeyboardEvent) => {
      // Modifier keys alone (a scanner holds Shift for capitals) neither add nor break a burst.
      if (['Shift', 'CapsLock'].includes(event.key)) return;
      const now = Date.now();
      const inBurst = burst.length > 0 && now - lastAt < SCAN_MAX_GAP_MS;
      if (event.key === 'Enter') {
        const code = burst;
        burst = '';
        // Gaps: between the characters, and from the last one to Enter.
        const averageGap = (now - startedAt) / Math.max(1, code.length);
        if (inBurst && code.length >= minLength && averageGap < SCAN_MAX_AVERAGE_GAP_MS) {
          event.preventDefault();
          event.stopPropagation();
          scanned(code);
        }
        return;
      }
      const printable = event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey;
      if (!printable) {
        burst = '';
        return;
      }
      if (inBurst) {
        burst += event.key;
      } else {
        burst = event.key;
        startedAt = now;
      }
      lastAt = now;
    };

    window.addEventListener('keydown', onKeyDown, { capture: true });
    return () => window.removeEventListener('keydown', onKeyDown, { capture: true });
  }, [enabled, minLength, scanned]);
}
