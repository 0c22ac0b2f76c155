import type { UseQueryResult } from '@tanstack/react-query';
import { errorMessageOf } from '../lib/api-error.ts';
import { useDateFormat } from '../lib/shop-settings.ts';
import { Block } from './ui/block.tsx';
import { Spinner } from './ui/spinner.tsx';

/** One entry of a document's timeline as the server gives it. */
export type TimelineEvent = { id: string; kind: string; detail: Record<string, unknown> | null; createdAt: string };

/** The dot's colour: a failure in red, a closing in grey, goods in green; indigo otherwise. */
export type TimelineTone = 'failed' | 'closed' | 'done' | 'normal';
const dots: Record<TimelineTone, string> = { failed: 'bg-red-500', closed: 'bg-gray-400', done: 'bg-green-500', normal: 'bg-indigo-500' };

type TimelineBlockProps<E extends TimelineEvent> = {
  query: UseQueryResult<E[]>;
  /** The list's accessible name ("Order timeline"). */
  label: string;
  /** One line per event ("E-mailed to ada@example.com by Ada"). */
  describe: (event: E) => string;
  toneOf?: (event: E) => TimelineTone;
  /** Said when there is no event yet. */
  emptyText?: string;
};

/**
 * What happened to a document (an order, a goods order), oldest first, each with when; a failed
 * e-mail shows its reason under it. Loading and error states included.
 */
export function TimelineBlock<E extends TimelineEvent>({ query, label, describe, toneOf, emptyText = 'Nothing has happened yet.' }: TimelineBlockProps<E>) {
  const dates = useDateFormat();
  return (
    <Block title="Timeline">
      {query.isPending ? (
        <div role="status" aria-label="Loading the timeline" className="flex justify-center">
          <Spinner />
        </div>
      ) : query.isError ? (
        <p className="text-sm text-red-600">{errorMessageOf(query.error)}</p>
      ) : query.data.length === 0 ? (
        <p className="text-sm text-gray-500">{emptyText}</p>
      ) : (
        <ol aria-label={label} className="ml-1 space-y-3 border-l border-gray-200">
          {query.data.map((event) => {
            const tone = toneOf?.(event) ?? (event.kind === 'email_failed' ? 'failed' : 'normal');
            const reason = event.detail?.reason;
            return (
              <li key={event.id} className="relative pl-3 text-sm">
                <span aria-hidden className={`absolute top-1.5 -left-[0.3rem] size-2 rounded-full ${dots[tone]}`} />
                <span className={tone === 'failed' ? 'text-red-700' : 'text-gray-900'}>{describe(event)}</span>
                <span className="text-gray-500"> · {dates.dateTime(event.createdAt)}</span>
                {tone === 'failed' && typeof reason === 'string' && reason && <span className="block text-xs text-gray-600">{reason}</span>}
              </li>
            );
          })}
        </ol>
      )}
    </Block>
  );
}
