import type { StatCard } from '@tillbook/contract';
import { cn } from '../lib/class-names.ts';
import { useFigureFormat } from '../lib/figure-format.ts';

/** Figures where a rise is bad news (refunds): their change is coloured the other way round. */
const isRiseBad = (key: string) => /refund/i.test(key);

type StatCardsProps = {
  cards: StatCard[];
  /** What `previous` is ("same day last week", "previous period"). */
  comparedWith: string;
  /** Still showing the last answer while a new one loads. */
  isStale?: boolean;
};

/** Headline figures, each beside the compared one and the change in % (the dashboard and every report). */
export function StatCards({ cards, comparedWith, isStale = false }: StatCardsProps) {
  const figures = useFigureFormat();
  return (
    <ul aria-label="Headline figures" className={cn('grid gap-4 sm:grid-cols-2 xl:grid-cols-3', isStale && 'opacity-70')}>
      {cards.map((card) => {
        const isUp = card.change !== null && card.change > 0;
        const isDown = card.change !== null && card.change < 0;
        const isGood = isRiseBad(card.key) ? isDown : isUp;
        const isBad = isRiseBad(card.key) ? isUp : isDown;
        return (
          <li key={card.key} aria-label={card.label} className="rounded-lg border border-gray-200 bg-white p-5 shadow-sm break-inside-avoid">
            <p className="text-sm font-medium text-gray-600">{card.label}</p>
            <p className="mt-1 text-2xl font-semibold tracking-tight text-gray-900 tabular-nums">{figures.format(card.kind, card.value)}</p>
            <p className="mt-1 flex flex-wrap items-baseline gap-x-2 text-sm text-gray-600">
              {card.change !== null && (
                <span className={cn('font-semibold tabular-nums', isGood && 'text-green-700', isBad && 'text-red-700')}>
                  <span aria-hidden="true">{isUp ? '▲ ' : isDown ? '▼ ' : ''}</span>
                  {figures.change(card.change)}
                </span>
              )}
              {card.previous !== null && (
                <span>
                  {comparedWith}: <span className="tabular-nums">{figures.format(card.kind, card.previous)}</span>
                </span>
              )}
            </p>
            {card.note && <p className="mt-2 text-xs text-gray-500">{card.note}</p>}
          </li>
        );
      })}
    </ul>
  );
}
