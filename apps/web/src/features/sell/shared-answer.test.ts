import { describe, expect, it } from 'vitest';
import { readSharedAnswer, SHARED_ANSWER_BYTES, writeSharedAnswer } from './shared-answer.ts';

describe('answers through shared memory', () => {
  it('reads the answer written for its own question', () => {
    const buffer = new SharedArrayBuffer(SHARED_ANSWER_BYTES);
    const found = { product: { id: 7, title: 'Crème brûlée 125 g' }, variant: { id: 9, barcode: '5901234123457' } };
    writeSharedAnswer(buffer, 3, found);
    expect(readSharedAnswer(buffer, 3, 5)).toEqual(found);
    writeSharedAnswer(buffer, 4, null);
    expect(readSharedAnswer(buffer, 4, 5)).toBeNull();
  });

  it('gives up after the wait when the answer written is another question’s', () => {
    const buffer = new SharedArrayBuffer(SHARED_ANSWER_BYTES);
    writeSharedAnswer(buffer, 5, { product: { id: 1 } });
    const started = performance.now();
    expect(readSharedAnswer(buffer, 6, 3)).toBeUndefined();
    expect(performance.now() - started).toBeGreaterThanOrEqual(3);
  });

  it('leaves an answer too long for the memory to the message', () => {
    const buffer = new SharedArrayBuffer(SHARED_ANSWER_BYTES);
    writeSharedAnswer(buffer, 8, { title: 'x'.repeat(SHARED_ANSWER_BYTES) });
    expect(readSharedAnswer(buffer, 8, 5)).toBeUndefined();
  });
});
