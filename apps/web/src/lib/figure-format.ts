import type { FigureKind } from '@tillbook/contract';
import { useMemo } from 'react';
import { useDateFormat, useMoney, useShopSettings } from './shop-settings.ts';

/** A report's figure: a number (minor units, a count, hundredths of a per cent or of a unit), a text, a date, or nothing. */
export type Figure = number | string | null | undefined;

export type FigureFormat = {
  /** A figure as the reader sees it: "$1,234.50", "1,234", "25.34 %", "Nov 25, 2026"; "—" for nothing. */
  format: (kind: FigureKind, value: Figure) => string;
  /** A change in hundredths of a per cent, signed: "+12.50 %", "−3.00 %". */
  change: (hundredths: number) => string;
};

const none = '—';

/** Figures of the dashboard and the reports, in the shop's currency and locale. */
export function useFigureFormat(): FigureFormat {
  const money = useMoney();
  const dates = useDateFormat();
  const { locale } = useShopSettings();
  return useMemo(() => {
    const count = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
    const percent = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const format = (kind: FigureKind, value: Figure): string => {
      if (value === null || value === undefined || value === '') return none;
      if (typeof value === 'string') {
        // A date column carries "2026-11-25" (a local day) or an instant; a day is shown as that day wherever the reader is.
        if (kind === 'date' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return dates.date(`${value}T12:00:00`);
        if (kind === 'date' && !Number.isNaN(Date.parse(value))) return dates.dateTime(value);
        return value;
      }
      if (kind === 'money') return money.format(value);
      if (kind === 'percent') return `${percent.format(value / 100)} %`;
      if (kind === 'decimal2') return percent.format(value / 100);
      return count.format(value);
    };
    const change = (hundredths: number) => `${hundredths > 0 ? '+' : hundredths < 0 ? '−' : ''}${percent.format(Math.abs(hundredths) / 100)} %`;
    return { format, change };
  }, [money, dates, locale]);
}
