import { fireEvent, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useBarcodeScanner } from './barcode-scanner.ts';

let input: HTMLInputElement;
let fieldKeys: string[];

beforeEach(() => {
  vi.useFakeTimers();
  input = document.createElement('input');
  fieldKeys = [];
  input.addEventListener('keydown', (event) => fieldKeys.push(event.key));
  document.body.append(input);
  input.focus();
});

afterEach(() => {
  input.remove();
  vi.useRealTimers();
});

/** Keys into the focused field `gapMs` apart, as a scanner (15 ms) or a person (120 ms) types. */
function type(text: string, gapMs: number) {
  for (const key of text) {
    vi.advanceTimersByTime(gapMs);
    fireEvent.keyDown(input, { key });
  }
}

/** Enter after `gapMs`; true when the page still got it (nobody prevented it). */
function enter(gapMs: number): boolean {
  vi.advanceTimersByTime(gapMs);
  return fireEvent.keyDown(input, { key: 'Enter' });
}

describe('useBarcodeScanner', () => {
  it('hears a fast burst ended by Enter in a focused field, and keeps that Enter from the page', () => {
    const onScan = vi.fn();
    renderHook(() => useBarcodeScanner(onScan));
    type('4006381333931', 15);
    expect(enter(15)).toBe(false);
    expect(onScan).toHaveBeenCalledExactlyOnceWith('4006381333931');
    expect(fieldKeys).not.toContain('Enter');
  });

  it('ignores a person typing and pressing Enter', () => {
    const onScan = vi.fn();
    renderHook(() => useBarcodeScanner(onScan));
    type('shirt', 120);
    expect(enter(120)).toBe(true);
    expect(onScan).not.toHaveBeenCalled();
    expect(fieldKeys).toContain('Enter');
  });

  it('ignores a quick typist: no gap is long, but together they are a person’s pace', () => {
    const onScan = vi.fn();
    renderHook(() => useBarcodeScanner(onScan));
    type('4006381333931', 80);
    expect(enter(80)).toBe(true);
    expect(onScan).not.toHaveBeenCalled();
  });

  it('still hears a scan when one key comes late because the screen was busy', () => {
    const onScan = vi.fn();
    renderHook(() => useBarcodeScanner(onScan));
    type('400638', 15);
    type('1', 100);
    type('333931', 15);
    enter(15);
    expect(onScan).toHaveBeenCalledExactlyOnceWith('4006381333931');
  });

  it('ignores a burst without Enter, and an Enter that comes long after it', () => {
    const onScan = vi.fn();
    renderHook(() => useBarcodeScanner(onScan));
    type('4006381333931', 15);
    vi.advanceTimersByTime(1000);
    expect(onScan).not.toHaveBeenCalled();
    expect(enter(0)).toBe(true);
    expect(onScan).not.toHaveBeenCalled();
  });

  it('keeps only the burst when a person typed before it, and takes capitals typed with Shift', () => {
    const onScan = vi.fn();
    renderHook(() => useBarcodeScanner(onScan));
    type('ab', 150);
    vi.advanceTimersByTime(200);
    for (const key of 'SKU-9') {
      vi.advanceTimersByTime(10);
      if (key >= 'A' && key <= 'Z') fireEvent.keyDown(input, { key: 'Shift' });
      fireEvent.keyDown(input, { key, shiftKey: key >= 'A' && key <= 'Z' });
    }
    enter(10);
    expect(onScan).toHaveBeenCalledExactlyOnceWith('SKU-9');
  });

  it('ignores a burst shorter than the minimum length', () => {
    const onScan = vi.fn();
    renderHook(() => useBarcodeScanner(onScan, { minLength: 6 }));
    type('12345', 10);
    expect(enter(10)).toBe(true);
    type('123456', 10);
    expect(enter(10)).toBe(false);
    expect(onScan).toHaveBeenCalledExactlyOnceWith('123456');
  });

  it('hears nothing while disabled, and nothing after the screen goes away', () => {
    const onScan = vi.fn();
    const { rerender, unmount } = renderHook(({ enabled }) => useBarcodeScanner(onScan, { enabled }), { initialProps: { enabled: false } });
    type('4006381333931', 15);
    enter(15);
    rerender({ enabled: true });
    type('4006381333931', 15);
    enter(15);
    unmount();
    type('4006381333931', 15);
    enter(15);
    expect(onScan).toHaveBeenCalledTimes(1);
  });

  it('calls the latest callback the screen gave', () => {
    const first = vi.fn();
    const second = vi.fn();
    const { rerender } = renderHook(({ onScan }) => useBarcodeScanner(onScan), { initialProps: { onScan: first } });
    rerender({ onScan: second });
    type('5449000131805', 15);
    enter(15);
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledWith('5449000131805');
  });
});
