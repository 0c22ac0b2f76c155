import type { CatalogueEngineState } from './catalogue-engine.ts';
import type { CatalogueQueries } from './catalogue-search.ts';

/** One question to the copy: a query's name and its arguments. */
export type CatalogueCall = { [M in keyof CatalogueQueries]: { method: M; args: Parameters<CatalogueQueries[M]> } }[keyof CatalogueQueries];

/** The page to the copy's worker. */
export type CatalogueRequest =
  /** `answers`: shared memory for the answers read within the asking event (shared-answer.ts), where the page has it. */
  | { type: 'start'; outletId: number; answers: SharedArrayBuffer | null }
  | { type: 'refresh' }
  | { type: 'call'; id: number; call: CatalogueCall }
  /** A scan's exact code, answered in the shared memory only (the page has waited, or asks by `call`). */
  | { type: 'atOnce'; id: number; code: string };

/** The copy's worker to the page: its state as it moves, and each call's answer. */
export type CatalogueReply =
  | { type: 'state'; state: CatalogueEngineState }
  | { type: 'answer'; id: number; value: unknown }
  | { type: 'failed'; id: number; message: string };
