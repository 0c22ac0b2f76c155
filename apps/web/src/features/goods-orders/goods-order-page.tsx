import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { BackLink } from '../../components/back-link.tsx';
import { RecordPage, useRecordId } from '../../components/record-page.tsx';
import { useUser } from '../../lib/auth.ts';
import { useOutletChoices } from '../../lib/choices.ts';
import { shopSettingsQuery } from '../../lib/shop-settings.ts';
import { useGoodsOrder } from './api.ts';
import { DraftOrderForm } from './draft-order-form.tsx';
import { PlacedOrder } from './placed-order.tsx';

/** The form's key across the first save: /goods-orders/new becomes /goods-orders/{id}/edit without losing what is on screen. */
export type GoodsOrderLocationState = { formKey?: string } | null;

/**
 * /goods-orders/new and /goods-orders/{id}/edit: one page for an order in any status — a draft's
 * form, an ordered one's receiving, a closed one's record.
 */
export function GoodsOrderPage() {
  const id = useRecordId();
  const order = useGoodsOrder(id);
  const settings = useQuery(shopSettingsQuery);
  const outlets = useOutletChoices();
  const me = useUser();
  const state = useLocation().state as GoodsOrderLocationState;
  const formKey = state?.formKey ?? String(id ?? 'new');
  const back = <BackLink to="/goods-orders">Goods orders</BackLink>;
  return (
    <RecordPage id={id} query={order} title="Goods order" back={back} needs={[settings, outlets]}>
      {(record) => {
        if (record && record.status !== 'draft') return <PlacedOrder order={record} />;
        const onlyOutlet = outlets.data?.length === 1 ? outlets.data[0]?.id : undefined;
        return <DraftOrderForm key={formKey} order={record} formKey={formKey} defaultOutletId={onlyOutlet ?? me?.outletId ?? undefined} />;
      }}
    </RecordPage>
  );
}
