import { useSearchParams } from 'react-router';
import { NotAvailablePage } from './not-available-page.tsx';

/** SPEC.md §2: /analytics picks its report with ?path=…; the first one is the default. */
export const reportTitles = {
  revenue: 'Revenue report',
  orders: 'Orders report',
  products: 'Products report',
  taxes: 'Taxes report',
  stock: 'Stock report',
  profits: 'Profits report',
  refunds: 'Refunds report',
  inventory: 'Inventory report',
} as const;

export type ReportPath = keyof typeof reportTitles;

function isReportPath(value: string | null): value is ReportPath {
  return value !== null && Object.hasOwn(reportTitles, value);
}

export function ReportNotAvailablePage() {
  const [searchParams] = useSearchParams();
  const path = searchParams.get('path');
  return <NotAvailablePage title={reportTitles[isReportPath(path) ? path : 'revenue']} />;
}
