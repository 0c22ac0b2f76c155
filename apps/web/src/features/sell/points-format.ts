import { useMemo } from 'react';
import { useShopSettings } from '../../lib/shop-settings.ts';

/** "1,250 points" in the shop's locale (whole points, grouped). */
export function usePointsFormat(): { count: (points: number) => string; points: (points: number) => string } {
  const { locale } = useShopSettings();
  return useMemo(() => {
    const format = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    return { count: (n: number) => format.format(n), points: (n: number) => `${format.format(n)} ${n === 1 ? 'point' : 'points'}` };
  }, [locale]);
}
