import type { Tax } from '@tillbook/contract';
import { ResourceListPage } from '../../components/resource-list-page.tsx';
import { nameColumn, productCountColumn, statusColumn } from '../../components/resource-list-columns.tsx';
import { activeFilter, listFilter, type ResourceList } from '../../components/resource-list.ts';
import { statusBulk } from '../../components/status-bulk-bar.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { useBulkTaxes, useDeleteTax, useTaxes } from './api.ts';

const typeFilter = listFilter('isInclusive', 'Type', 'All types', [
  ['0', 'Exclusive'],
  ['1', 'Inclusive'],
]);

const taxList: ResourceList<Tax> = {
  title: 'Taxes',
  description: 'Rates that products carry: added to the price or included in it, and compound (tax on tax) where the law says so.',
  noun: 'taxes',
  basePath: '/taxes',
  searchPlaceholder: 'Search by name or rate',
  emptyHint: ', e.g. a 7.5 % sales tax or a 20 % VAT included in prices.',
  labelOf: (t) => t.name,
  useFilters: () => [typeFilter, activeFilter],
  useRows: useTaxes,
  useColumns: () => [
    nameColumn({ basePath: '/taxes', nameOf: (t) => t.name }),
    { key: 'rate', header: 'Rate', sortKey: 'rate', align: 'right', cell: (t) => `${t.rate} %` },
    {
      key: 'type',
      header: 'Type',
      cell: (t) => (
        <div className="flex flex-wrap gap-1">
          <Badge tone={t.isInclusive ? 'indigo' : 'gray'}>{t.isInclusive ? 'Inclusive' : 'Exclusive'}</Badge>
          {t.isCompound && <Badge tone="amber">Compound</Badge>}
        </div>
      ),
    },
    productCountColumn(),
    statusColumn(),
  ],
  remove: {
    useDelete: useDeleteTax,
    title: 'Delete this tax?',
    warning: (t) => <>“{t.name}” will be removed. A tax that products carry, or that new products get by default, cannot be deleted: deactivate it instead.</>,
    deletedMessage: (t) => `Tax “${t.name}” deleted.`,
  },
  bulk: statusBulk({
    useBulk: useBulkTaxes,
    noun: ['tax', 'taxes'],
    deleteWarning: 'Taxes that products carry, or that new products get by default, cannot be deleted; if one of them is among the selection nothing is deleted. Deactivate them instead.',
  }),
};

/** /taxes */
export function TaxListPage() {
  return <ResourceListPage config={taxList} />;
}
