import type { Coupon } from '@tillbook/contract';
import { ResourceListPage } from '../../components/resource-list-page.tsx';
import { nameColumn } from '../../components/resource-list-columns.tsx';
import { listFilter, yesNoFilter, type ResourceList } from '../../components/resource-list.ts';
import { statusBulk } from '../../components/status-bulk-bar.tsx';
import { useMoney, useShopSettings } from '../../lib/shop-settings.ts';
import { useBulkCoupons, useCoupons, useDeleteCoupon } from './api.ts';
import { CouponStateBadge, couponValueOf, eligibilityOf, validityOf } from './coupon-display.tsx';

const stateFilter = listFilter('state', 'State', 'All states', [
  ['active', 'Active now'],
  ['scheduled', 'Scheduled'],
  ['expired', 'Expired'],
  ['used-up', 'Used up'],
  ['inactive', 'Inactive'],
]);

/** A coupon is switched on or off; whether it works now is its state. */
const switchFilter = yesNoFilter('active', 'Status', 'All statuses', ['Switched on', 'Switched off']);

const couponList: ResourceList<Coupon> = {
  title: 'Coupons',
  description: 'Discount codes a cashier types at the till: a percentage or an amount off, for a time, up to a number of uses.',
  noun: 'coupons',
  basePath: '/coupons',
  searchPlaceholder: 'Search by code or name',
  defaultSort: '-createdAt',
  emptyHint: ', e.g. WELCOME10 for 10 % off a first purchase.',
  labelOf: (c) => c.code,
  useFilters: () => [stateFilter, switchFilter],
  useRows: useCoupons,
  useColumns: () => {
    const money = useMoney();
    const { timeZone } = useShopSettings();
    return [
      nameColumn({ basePath: '/coupons', key: 'code', header: 'Code', nameOf: (c) => c.code, look: 'font-mono font-semibold', nowrap: true }),
      { key: 'name', header: 'Name', cell: (c) => c.name },
      { key: 'value', header: 'Value', align: 'right', cell: (c) => couponValueOf(c, money.format) },
      {
        key: 'validity',
        header: 'Valid',
        sortKey: 'validUntil',
        cell: (c) => (
          <div className="flex flex-wrap items-center gap-2">
            <span className="whitespace-nowrap">{validityOf(c, timeZone)}</span>
            <CouponStateBadge state={c.state} />
          </div>
        ),
      },
      {
        key: 'uses',
        header: 'Uses',
        align: 'right',
        cell: (c) => (
          <span className="whitespace-nowrap">
            {c.usageLimit === null ? c.usedCount.toLocaleString() : `${c.usedCount.toLocaleString()} / ${c.usageLimit.toLocaleString()}`}
          </span>
        ),
      },
      {
        key: 'eligibility',
        header: <span className="whitespace-nowrap">Applies to</span>,
        cell: (c) => <span className={c.appliesTo === 'all' ? 'text-gray-500' : undefined}>{eligibilityOf(c)}</span>,
      },
    ];
  },
  remove: {
    useDelete: useDeleteCoupon,
    title: 'Delete this coupon?',
    warning: (c) => <>{c.code} will be removed. A coupon that orders have used cannot be deleted: deactivate it instead.</>,
    deletedMessage: (c) => `Coupon ${c.code} deleted.`,
  },
  bulk: statusBulk({
    useBulk: useBulkCoupons,
    noun: ['coupon', 'coupons'],
    deleteWarning: 'Coupons that orders have used cannot be deleted; if one of them is among the selection nothing is deleted. Deactivate them instead.',
  }),
};

/** /coupons: every discount code with its value, validity, state and uses. */
export function CouponListPage() {
  return <ResourceListPage config={couponList} />;
}
