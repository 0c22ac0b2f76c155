import { TabLinks } from '../../components/ui/tab-links.tsx';

export type CustomerTab = 'details' | 'notes' | 'points' | 'store-credit' | 'orders';

/** Details · Notes · Points · Store credit · Orders of one customer. */
export function CustomerTabs({ customerId, current }: { customerId: number; current: CustomerTab }) {
  const base = `/customers/${customerId}`;
  return (
    <TabLinks
      label="Customer"
      current={current}
      tabs={[
        { key: 'details', label: 'Details', to: `${base}/edit` },
        { key: 'notes', label: 'Notes', to: `${base}/edit?tab=notes` },
        { key: 'points', label: 'Points', to: `${base}/edit?tab=points` },
        { key: 'store-credit', label: 'Store credit', to: `${base}/edit?tab=store-credit` },
        { key: 'orders', label: 'Orders', to: `${base}/orders` },
      ]}
    />
  );
}
