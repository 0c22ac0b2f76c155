import { signedOut } from '../../lib/http.ts';
import { fetchCataloguePage, fetchProductsWithCode } from './api.ts';
import { startCatalogueEngine, type CatalogueEngine, type CatalogueEngineState } from './catalogue-engine.ts';
import type { CatalogueQueries } from './catalogue-search.ts';
import type { CatalogueCall, CatalogueReply, CatalogueRequest } from './catalogue-worker-protocol.ts';
import { readSharedAnswer, sharedAnswerBuffer } from './shared-answer.ts';

/**
 * How long a scan's Enter waits for the worker's answer in shared memory before asking by message:
 * a lookup takes well under a millisecond, and a slice of the copy's other work at most 4 ms while
 * the cashier is at work (catalogue-engine.ts).
 */
const AT_ONCE_WAIT_MS = 5;

type Waiting = { resolve: (value: unknown) => void; reject: (error: Error) => void };

/**
 * The register's copy for this outlet, in a Web Worker where the browser has them (decision 031),
 * else on the page (the same engine, through the page's client). A worker that fails to start
 * before it says anything is replaced by the copy on the page, so the till still sells.
 */
export function connectCatalogue(outletId: number, onState: (state: CatalogueEngineState) => void): CatalogueEngine {
  const onPage = () => startCatalogueEngine(outletId, { page: fetchCataloguePage, code: fetchProductsWithCode }, onState);
  if (typeof Worker === 'undefined') return onPage();

  let fallback: CatalogueEngine | null = null;
  let heard = false;
  let wasSignedOut = false;
  let nextId = 1;
  const waiting = new Map<number, Waiting>();
  const worker = new Worker(new URL('./catalogue-worker.ts', import.meta.url), { type: 'module', name: 'catalogue' });
  const send = (request: CatalogueRequest) => worker.postMessage(request);
  const answers = sharedAnswerBuffer();
  let isReady = false;
  const rejectWaiting = (message: string) => {
    for (const { reject } of waiting.values()) reject(new Error(message));
    waiting.clear();
  };
  worker.onmessage = (event: MessageEvent<CatalogueReply>) => {
    heard = true;
    const reply = event.data;
    if (reply.type === 'state') {
      // The worker's 401 did not go through the page's client, which signs out: it is done here.
      if (reply.state.signedOut && !wasSignedOut) signedOut();
      wasSignedOut = reply.state.signedOut;
      isReady = reply.state.status === 'ready';
      return onState(reply.state);
    }
    const answer = waiting.get(reply.id);
    waiting.delete(reply.id);
    if (reply.type === 'answer') answer?.resolve(reply.value);
    else answer?.reject(new Error(reply.message));
  };
  worker.onerror = () => {
    if (heard || fallback) return;
    worker.terminate();
    rejectWaiting('The catalogue copy stopped.');
    fallback = onPage();
  };
  send({ type: 'start', outletId, answers });

  const call = <M extends CatalogueCall['method']>(method: M) =>
    ((...args: unknown[]) => {
      if (fallback) return (fallback[method] as (...a: unknown[]) => Promise<unknown>)(...args);
      return new Promise((resolve, reject) => {
        const id = nextId;
        nextId += 1;
        waiting.set(id, { resolve, reject });
        send({ type: 'call', id, call: { method, args } as CatalogueCall });
      });
    }) as CatalogueQueries[M];

  return {
    search: call('search'),
    findByCode: call('findByCode'),
    // Only once the copy is whole: while it loads, the worker is busy and the code may not be in it yet.
    findByCodeAtOnce(code) {
      if (fallback) return fallback.findByCodeAtOnce(code);
      if (!answers || !isReady) return undefined;
      const id = nextId;
      nextId += 1;
      send({ type: 'atOnce', id, code });
      return (readSharedAnswer(answers, id, AT_ONCE_WAIT_MS) ?? undefined) as ReturnType<CatalogueEngine['findByCodeAtOnce']>;
    },
    findByVariant: call('findByVariant'),
    productsInCategory: call('productsInCategory'),
    refresh: () => (fallback ? fallback.refresh() : send({ type: 'refresh' })),
    stop() {
      fallback?.stop();
      worker.terminate();
      // The screen that asked is gone: its questions are left unanswered rather than failed.
      waiting.clear();
    },
  };
}
