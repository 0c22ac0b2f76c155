/// <reference lib="webworker" />
import axios from 'axios';
import { apiErrorOf } from '../../lib/api-error.ts';
import { httpDefaults } from '../../lib/http-defaults.ts';
import { startCatalogueEngine, type CatalogueEngine } from './catalogue-engine.ts';
import { catalogueFetchers } from './catalogue-fetch.ts';
import type { CatalogueReply, CatalogueRequest } from './catalogue-worker-protocol.ts';
import { writeSharedAnswer } from './shared-answer.ts';

/**
 * The register's catalogue copy off the page (decision 031): fetching, parsing, indexing and
 * storing 300,000 products here leaves the page's thread to the cashier's keys and scans.
 * GETs only, so the XSRF header the page's client adds is not needed.
 */
const scope = self as unknown as DedicatedWorkerGlobalScope;
const fetchers = catalogueFetchers(axios.create(httpDefaults));
let engine: CatalogueEngine | null = null;
let answers: SharedArrayBuffer | null = null;

const post = (reply: CatalogueReply) => scope.postMessage(reply);

scope.onmessage = (event: MessageEvent<CatalogueRequest>) => {
  const request = event.data;
  if (request.type === 'start') {
    engine?.stop();
    answers = request.answers;
    engine = startCatalogueEngine(request.outletId, fetchers, (state) => post({ type: 'state', state }));
    return;
  }
  if (request.type === 'atOnce') {
    if (answers) writeSharedAnswer(answers, request.id, engine?.findByCodeAtOnce(request.code) ?? null);
    return;
  }
  if (request.type === 'refresh') return engine?.refresh();
  if (!engine) return post({ type: 'failed', id: request.id, message: 'The catalogue copy has not started.' });
  const { id, call } = request;
  const query = engine[call.method] as (...args: unknown[]) => Promise<unknown>;
  query(...call.args).then(
    (value) => post({ type: 'answer', id, value }),
    (error: unknown) => post({ type: 'failed', id, message: apiErrorOf(error).message }),
  );
};
