/**
 * One answer at a time from the catalogue copy's worker to the page through shared memory, read
 * within the event that asked (a scan's Enter). A worker's message to the page is a task the
 * browser may hold back until the next frame after a key (Chromium defers such tasks after input
 * to show the key's effect first), so a line that waited for it was drawn a frame late; an answer
 * read from shared memory is added to the cart in the Enter's own task and drawn in the next frame.
 *
 * Layout: Int32 [0] the id of the answer written (0 while one is being written), Int32 [1] its
 * length in bytes (-1: too long to write), then the answer as JSON.
 */
const HEADER_BYTES = 8;
/** Room for one product with its variants as JSON (a product with hundreds of variants is answered by message). */
export const SHARED_ANSWER_BYTES = 256 * 1024;

/** Shared memory for the answers, where the page is cross-origin isolated (the server's COOP and COEP headers); else null. */
export function sharedAnswerBuffer(): SharedArrayBuffer | null {
  return typeof SharedArrayBuffer !== 'undefined' && globalThis.crossOriginIsolated === true ? new SharedArrayBuffer(SHARED_ANSWER_BYTES) : null;
}

/** The worker writes the answer to question `id` (the page reads it only once the id is set, last). */
export function writeSharedAnswer(buffer: SharedArrayBuffer, id: number, value: unknown): void {
  const header = new Int32Array(buffer, 0, 2);
  Atomics.store(header, 0, 0);
  // Encoded apart and copied in: not every browser's TextEncoder writes into shared memory.
  const bytes = new TextEncoder().encode(JSON.stringify(value ?? null));
  const fits = bytes.length <= buffer.byteLength - HEADER_BYTES;
  if (fits) new Uint8Array(buffer, HEADER_BYTES, bytes.length).set(bytes);
  Atomics.store(header, 1, fits ? bytes.length : -1);
  Atomics.store(header, 0, id);
}

/**
 * The page waits up to `waitMs` for the answer to question `id`, spinning: the worker answers a
 * lookup in well under a millisecond unless it is in a slice of work. Undefined when no answer came
 * in time or it was too long: the question's answer by message still comes.
 */
export function readSharedAnswer(buffer: SharedArrayBuffer, id: number, waitMs: number): unknown {
  const header = new Int32Array(buffer, 0, 2);
  const deadline = performance.now() + waitMs;
  while (Atomics.load(header, 0) !== id) {
    if (performance.now() > deadline) return undefined;
  }
  const length = Atomics.load(header, 1);
  if (length < 0) return undefined;
  // TextDecoder does not read shared memory in every browser: the bytes are copied out first.
  const bytes = new Uint8Array(length);
  bytes.set(new Uint8Array(buffer, HEADER_BYTES, length));
  return JSON.parse(new TextDecoder().decode(bytes)) as unknown;
}
