/** What other modules use of the reports: keeping their summaries (decision 020). */
export { rebuildSummaries, summariseRefund } from './summaries.ts';
