import { receiptToggleLabels, receiptToggles, type ReceiptTemplateListItem } from '@tillbook/contract';
import { Link } from 'react-router';
import { ButtonLink } from '../../components/button-link.tsx';
import { ListTable } from '../../components/list-table.tsx';
import { actionsColumn, rowActionClass } from '../../components/resource-list-columns.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import type { Column } from '../../components/ui/data-table.tsx';
import { Page, PageHeader } from '../../components/ui/page-header.tsx';
import { SearchInput } from '../../components/ui/search-input.tsx';
import { Select } from '../../components/ui/select.tsx';
import { errorMessageOf } from '../../lib/api-error.ts';
import { useListParams } from '../../lib/list-params.ts';
import { notify } from '../../lib/notifications.tsx';
import { useArchiveReceiptTemplate, useReceiptTemplates } from './api.ts';

/**
 * /receipts: the receipt templates, what each prints, and the registers using it. Built from the
 * list parts rather than `ResourceListPage`: templates are never edited (Copy and Archive instead of
 * Edit and Delete), and the archived select defaults to "In use" with its own empty states.
 */
export function ReceiptListPage() {
  const list = useListParams({ sort: 'name' });
  const archived = list.get('archived') ?? '0';
  const templates = useReceiptTemplates(list.query({ archived: archived === 'all' ? undefined : archived }));
  const archive = useArchiveReceiptTemplate();

  function toggleArchived(t: ReceiptTemplateListItem) {
    archive.mutate(
      { id: t.id, archived: !t.archived },
      {
        onSuccess: () => notify.success(t.archived ? `Template “${t.name}” is offered again.` : `Template “${t.name}” archived.`),
        onError: (error) => notify.error(errorMessageOf(error)),
      },
    );
  }

  const columns: Column<ReceiptTemplateListItem>[] = [
    {
      key: 'name',
      header: 'Name',
      sortKey: 'name',
      cell: (t) => (
        <div>
          <span className="font-medium text-gray-900">{t.name}</span>
          {t.archived && (
            <span className="ml-2">
              <Badge>Archived</Badge>
            </span>
          )}
        </div>
      ),
    },
    { key: 'paperWidth', header: 'Width', sortKey: 'paperWidth', cell: (t) => `${t.paperWidth} mm` },
    {
      key: 'shows',
      header: 'Shows',
      cell: (t) => {
        const shown = receiptToggles.filter((k) => t[k]);
        return shown.length ? (
          <div className="flex max-w-md flex-wrap gap-1">
            {shown.map((k) => (
              <Badge key={k} tone="indigo">
                {receiptToggleLabels[k]}
              </Badge>
            ))}
          </div>
        ) : (
          <span className="text-gray-400">Lines and totals only</span>
        );
      },
    },
    {
      key: 'registers',
      header: 'Registers',
      align: 'right',
      cell: (t) =>
        t.registerCount > 0 ? (
          <Link to={`/registers?receiptTemplateId=${t.id}`} className="text-indigo-700 hover:underline" aria-label={`${t.registerCount} ${t.registerCount === 1 ? 'register prints' : 'registers print'} with ${t.name}`}>
            {t.registerCount}
          </Link>
        ) : (
          <span className="text-gray-400">0</span>
        ),
    },
    actionsColumn((t) => (
      <>
        <Link to={`/receipts/new?from=${t.id}`} className={rowActionClass} aria-label={`New template from a copy of ${t.name}`}>
          Copy
        </Link>
        <Button
          variant="ghost"
          className="px-2 py-1 text-xs"
          disabled={archive.isPending}
          onClick={() => toggleArchived(t)}
          aria-label={`${t.archived ? 'Unarchive' : 'Archive'} ${t.name}`}
        >
          {t.archived ? 'Unarchive' : 'Archive'}
        </Button>
      </>
    )),
  ];

  return (
    <Page>
      <PageHeader
        title="Receipts"
        description="Receipt templates. A template never changes once made, so a reprint looks as it did: to change one, make a copy."
        actions={<ButtonLink to="/receipts/new">Add New</ButtonLink>}
      />
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <SearchInput label="Search templates" placeholder="Search by name, header or footer" value={list.search} onChange={list.setSearch} />
        <Select aria-label="Archived" className="w-44" value={archived} onChange={(e) => list.set({ archived: e.target.value === '0' ? '' : e.target.value })}>
          <option value="0">In use</option>
          <option value="1">Archived</option>
          <option value="all">All templates</option>
        </Select>
      </div>
      <ListTable
        caption="Receipt templates"
        columns={columns}
        query={templates}
        list={list}
        noun="templates"
        empty={
          list.search ? (
            'No templates match this search.'
          ) : archived === '1' ? (
            'No archived templates.'
          ) : (
            <>
              No receipt templates yet. <Link to="/receipts/new" className="text-link">Add the first one</Link>.
            </>
          )
        }
      />
    </Page>
  );
}
