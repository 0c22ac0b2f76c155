import { useParams, useSearchParams } from 'react-router';
import { CustomerFormPage } from './customer-form-page.tsx';
import { CustomerNotes } from './customer-notes.tsx';
import { CustomerPage } from './customer-page.tsx';
import { CustomerPoints } from './customer-points.tsx';
import { CustomerStoreCredit } from './customer-store-credit.tsx';
import { CustomerTabs } from './customer-tabs.tsx';

/** /customers/{id}/edit: Details (the customer form), or ?tab=notes / ?tab=points / ?tab=store-credit. */
export function CustomerEditPage() {
  const customerId = Number(useParams().id);
  const tab = useSearchParams()[0].get('tab');
  if (tab === 'notes') {
    return (
      <CustomerPage customerId={customerId} tab="notes">
        <CustomerNotes customerId={customerId} />
      </CustomerPage>
    );
  }
  if (tab === 'points') {
    return (
      <CustomerPage customerId={customerId} tab="points">
        <CustomerPoints customerId={customerId} />
      </CustomerPage>
    );
  }
  if (tab === 'store-credit') {
    return (
      <CustomerPage customerId={customerId} tab="store-credit">
        <CustomerStoreCredit customerId={customerId} />
      </CustomerPage>
    );
  }
  return <CustomerFormPage tabs={<CustomerTabs customerId={customerId} current="details" />} />;
}
