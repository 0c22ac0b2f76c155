import { useEffect, useRef, useState } from 'react';
import { SCAN_MAX_AVERAGE_GAP_MS, SCAN_MAX_GAP_MS } from './barcode-scanner.ts';

/** Keys closer together than a scanner's pace (barcode-scanner.ts) wait: a person mostly types slower. */
export const SCANNER_GAP_MS = SCAN_MAX_AVERAGE_GAP_MS;
/** A burst's text is searched once the keys pause as long as a scan's burst may (a scan usually ends with Enter first). */
export const BURST_SETTLE_MS = SCAN_MAX_GAP_MS;

/**
 * Which text the finder searches: what a person types, key by key, but not each character of a
 * scanner's burst — a 13-digit barcode would start 13 searches of the catalogue copy, and slow the
 * first baskets after a restart. A key that follows the last one within SCANNER_GAP_MS waits until
 * the keys pause; Enter (the scan's end) takes the code and clears the box before that.
 */
export class BurstGate {
  private last = Number.NEGATIVE_INFINITY;

  /** A new text at `now` (ms): search it now, or only after the pause. */
  typed(now: number): 'now' | 'after-pause' {
    const gap = now - this.last;
    this.last = now;
    return gap >= SCANNER_GAP_MS ? 'now' : 'after-pause';
  }
}

/** The text to search for `text`, typed through `onTyped` (the input's change handler). */
export function useTypedQuery(text: string) {
  const gate = useRef(new BurstGate());
  const timer = useRef<number | undefined>(undefined);
  const [query, setQuery] = useState(text);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  function onTyped(value: string) {
    window.clearTimeout(timer.current);
    if (gate.current.typed(performance.now()) === 'now') setQuery(value);
    else timer.current = window.setTimeout(() => setQuery(value), BURST_SETTLE_MS);
  }
  // The box emptied (a scan's Enter, New sale, the clear button): nothing is searched, whatever waits.
  return { query: text.trim() === '' ? '' : query, onTyped };
}
