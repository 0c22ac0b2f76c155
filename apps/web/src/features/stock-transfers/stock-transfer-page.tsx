import { useQuery } from '@tanstack/react-query';
import { BackLink } from '../../components/back-link.tsx';
import { RecordPage, useRecordId } from '../../components/record-page.tsx';
import { Page, PageHeader } from '../../components/ui/page-header.tsx';
import { useUser } from '../../lib/auth.ts';
import { useOutletChoices } from '../../lib/choices.ts';
import { shopSettingsQuery } from '../../lib/shop-settings.ts';
import { useStockTransfer } from './api.ts';
import { DraftTransferForm } from './draft-transfer-form.tsx';
import { ReceiveTransferForm } from './receive-transfer-form.tsx';
import { Route, TransferFacts, TransferRecord, TransferStatusBadge } from './transfer-display.tsx';

const back = <BackLink to="/stock-transfers">Stock transfers</BackLink>;

/**
 * /stock-transfers/new and /stock-transfers/{id}/edit: one page for a transfer in any status — a
 * draft's form, a sent one's receiving, a received or cancelled one's record.
 */
export function StockTransferPage() {
  const id = useRecordId();
  const transfer = useStockTransfer(id);
  const settings = useQuery(shopSettingsQuery);
  const outlets = useOutletChoices();
  const me = useUser();
  return (
    <RecordPage id={id} query={transfer} title="Stock transfer" back={back} needs={[settings, outlets]}>
      {(record) => {
        if (!record || record.status === 'draft') {
          return <DraftTransferForm key={record?.id ?? 'new'} transfer={record} defaultFromOutletId={me?.outletId ?? undefined} />;
        }
        const said = {
          sent: 'In transit: the units have left the source and are at neither outlet until received.',
          received: 'Received: what arrived was added at the destination; what did not is recorded as short.',
          cancelled: 'Cancelled before it was sent: no stock moved.',
        }[record.status];
        return (
          <Page wide>
            <PageHeader
              title={`Transfer ${record.number}`}
              back={back}
              description={
                <span className="flex flex-wrap items-center gap-2">
                  <TransferStatusBadge status={record.status} />
                  <Route from={record.fromOutletName} to={record.toOutletName} />
                  <span>· {said}</span>
                </span>
              }
            />
            <div className="flex max-w-5xl flex-col gap-6">
              <TransferFacts transfer={record} />
              {record.status === 'sent' ? <ReceiveTransferForm key={record.id} transfer={record} /> : <TransferRecord transfer={record} />}
            </div>
          </Page>
        );
      }}
    </RecordPage>
  );
}
