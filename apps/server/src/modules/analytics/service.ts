/** What other modules use of the reports: keeping their summaries (decision 020) and their arithmetic. */
export { rebuildSummaries, summariseRefund } from './summaries.ts';
export { changeOf, divideRounded } from './report-kit.ts';
