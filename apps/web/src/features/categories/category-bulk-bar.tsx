import type { CategoryBulkInput, CategoryBulkResult } from '@tillbook/contract';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/dialog.tsx';
import { Select } from '../../components/ui/select.tsx';
import { errorMessageOf } from '../../lib/api-error.ts';
import { useCategoryChoices } from '../../lib/choices.ts';
import { notify } from '../../lib/notifications.tsx';
import { useBulkUpdateCategories } from './api.ts';
import { indentedName } from './category-tree.ts';

type CategoryBulkBarProps = { selected: Set<number>; onDone: () => void };

const pastTense: Record<CategoryBulkInput['action'], string> = {
  activate: 'activated',
  deactivate: 'deactivated',
  delete: 'deleted',
  setParent: 'moved',
};

function categoriesWord(n: number) {
  return `${n} ${n === 1 ? 'category' : 'categories'}`;
}

/** Actions on the chosen rows: activate, deactivate, move under a parent, delete. */
export function CategoryBulkBar({ selected, onDone }: CategoryBulkBarProps) {
  const bulk = useBulkUpdateCategories();
  const options = useCategoryChoices();
  const [isConfirmingDelete, setIsConfirmingDelete] = useState(false);
  const ids = [...selected];

  function run(action: CategoryBulkInput['action'], values?: CategoryBulkInput['values']) {
    bulk.mutate(
      { ids, action, values },
      {
        onSuccess: (result: CategoryBulkResult) => {
          if (result.affected > 0) notify.success(`${categoriesWord(result.affected)} ${pastTense[action]}.`);
          if (result.failed.length > 0) {
            notify.error(`${categoriesWord(result.failed.length)} not ${pastTense[action]}: ${result.failed.map((f) => f.message).join(' ')}`);
          }
          setIsConfirmingDelete(false);
          onDone();
        },
        onError: (error) => {
          notify.error(errorMessageOf(error));
          setIsConfirmingDelete(false);
        },
      },
    );
  }

  return (
    <div role="region" aria-label="Bulk actions" className="mb-3 flex flex-wrap items-center gap-2 rounded-lg border border-indigo-200 bg-indigo-50 px-4 py-2.5 text-sm">
      <span className="mr-2 font-medium text-indigo-900">{selected.size} selected</span>
      <Button variant="secondary" className="px-3 py-1.5 text-xs" disabled={bulk.isPending} onClick={() => run('activate')}>
        Activate
      </Button>
      <Button variant="secondary" className="px-3 py-1.5 text-xs" disabled={bulk.isPending} onClick={() => run('deactivate')}>
        Deactivate
      </Button>
      <Select
        aria-label="Move selected under"
        className="w-56 py-1.5"
        value=""
        disabled={bulk.isPending || options.isPending}
        onChange={(event) => {
          const value = event.target.value;
          if (value === '') return;
          run('setParent', { parentId: value === 'root' ? null : Number(value) });
        }}
      >
        <option value="">Move under…</option>
        <option value="root">Top level (no parent)</option>
        {(options.data ?? [])
          .filter((o) => !selected.has(o.id))
          .map((o) => (
            <option key={o.id} value={o.id}>
              {indentedName(o)}
            </option>
          ))}
      </Select>
      <Button variant="danger" className="px-3 py-1.5 text-xs" disabled={bulk.isPending} onClick={() => setIsConfirmingDelete(true)}>
        Delete
      </Button>
      <Button variant="ghost" className="ml-auto px-3 py-1.5 text-xs" onClick={onDone}>
        Clear selection
      </Button>
      <ConfirmDialog
        open={isConfirmingDelete}
        title={`Delete ${categoriesWord(selected.size)}?`}
        confirmLabel="Delete"
        isBusy={bulk.isPending}
        onConfirm={() => run('delete')}
        onCancel={() => setIsConfirmingDelete(false)}
      >
        Categories that products or subcategories still use are kept and listed afterwards; delete them one by one to move
        their products.
      </ConfirmDialog>
    </div>
  );
}
