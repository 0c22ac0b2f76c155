import type { AdditionalCharge } from '@tillbook/contract';
import { ResourceListPage } from '../../components/resource-list-page.tsx';
import { nameColumn, productCountColumn, statusColumn } from '../../components/resource-list-columns.tsx';
import { activeFilter, listFilter, type ResourceList } from '../../components/resource-list.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { useMoney } from '../../lib/shop-settings.ts';
import { useAdditionalCharges, useDeleteAdditionalCharge } from './api.ts';

const basePath = '/products/additional-charges';

const kindFilter = listFilter('kind', 'Kind', 'All kinds', [
  ['fixed', 'Fixed amount'],
  ['percentage', 'Percentage'],
]);

function ExampleDeposit() {
  const money = useMoney();
  return <>, e.g. a bottle deposit of {money.format(25)} per unit.</>;
}

const chargeList: ResourceList<AdditionalCharge> = {
  title: 'Additional charges',
  description: 'Added automatically when a product that carries them is sold: bottle deposits, packaging fees, service charges.',
  noun: 'additional charges',
  pagingNoun: 'charges',
  basePath,
  searchPlaceholder: 'Search by name',
  emptyHint: <ExampleDeposit />,
  labelOf: (c) => c.name,
  useFilters: () => [kindFilter, activeFilter],
  useRows: useAdditionalCharges,
  useColumns: () => {
    const money = useMoney();
    return [
      nameColumn({ basePath, nameOf: (c) => c.name }),
      { key: 'amount', header: 'Amount', align: 'right', cell: (c) => (c.kind === 'fixed' ? money.format(c.amount ?? 0) : `${c.rate} %`) },
      { key: 'per', header: 'Charged', cell: (c) => (c.kind === 'percentage' ? 'Of the price' : c.per === 'unit' ? 'Per unit' : 'Per line') },
      { key: 'taxable', header: 'Tax', cell: (c) => <Badge tone={c.isTaxable ? 'indigo' : 'gray'}>{c.isTaxable ? 'Taxable' : 'Not taxed'}</Badge> },
      productCountColumn(),
      statusColumn(),
    ];
  },
  remove: {
    useDelete: useDeleteAdditionalCharge,
    title: 'Delete this charge?',
    warning: (c) => <>“{c.name}” will be removed. A charge that products carry cannot be deleted: deactivate it instead.</>,
    deletedMessage: (c) => `Charge “${c.name}” deleted.`,
  },
};

/** /products/additional-charges */
export function AdditionalChargeListPage() {
  return <ResourceListPage config={chargeList} />;
}
