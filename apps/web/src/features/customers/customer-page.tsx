import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageLoading } from '../../components/page-loading.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Page, PageHeader } from '../../components/ui/page-header.tsx';
import { errorMessageOf } from '../../lib/api-error.ts';
import { useCustomer } from './api.ts';
import { CustomerTabs, type CustomerTab } from './customer-tabs.tsx';

/** The frame of a customer's Notes, Points, Store credit and Orders tabs: their name, the tabs, the panel. */
export function CustomerPage({ customerId, tab, children }: { customerId: number; tab: CustomerTab; children: ReactNode }) {
  const customer = useCustomer(customerId);
  const back = (
    <Link to="/customers" className="text-indigo-700 hover:underline">
      ← Customers
    </Link>
  );
  if (customer.isPending) return <PageLoading className="py-24" />;
  if (customer.isError) {
    return (
      <Page>
        <PageHeader title="Customer" back={back} />
        <Alert tone="error">{errorMessageOf(customer.error)}</Alert>
      </Page>
    );
  }
  return (
    <Page>
      <PageHeader title={customer.data.name} back={back} />
      <CustomerTabs customerId={customerId} current={tab} />
      {children}
    </Page>
  );
}
