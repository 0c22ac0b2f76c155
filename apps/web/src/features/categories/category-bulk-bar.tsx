import type { CategoryBulkInput, CategoryBulkResult } from '@tillbook/contract';
import { countOf, StatusBulkBar } from '../../components/status-bulk-bar.tsx';
import { Select } from '../../components/ui/select.tsx';
import { errorMessageOf } from '../../lib/api-error.ts';
import { useCategoryChoices } from '../../lib/choices.ts';
import { notify } from '../../lib/notifications.tsx';
import { useBulkUpdateCategories } from './api.ts';
import { indentedName } from './category-tree.ts';

type CategoryBulkBarProps = { selected: Set<number>; onDone: () => void };

const noun: [string, string] = ['category', 'categories'];

const pastTense: Record<CategoryBulkInput['action'], string> = {
  activate: 'activated',
  deactivate: 'deactivated',
  delete: 'deleted',
  setParent: 'moved',
};

/** "2 categories moved.", and each one that could not be, with why. */
function announce(action: CategoryBulkInput['action'], result: CategoryBulkResult) {
  if (result.affected > 0) notify.success(`${countOf(result.affected, noun)} ${pastTense[action]}.`);
  if (result.failed.length > 0) {
    notify.error(`${countOf(result.failed.length, noun)} not ${pastTense[action]}: ${result.failed.map((f) => f.message).join(' ')}`);
  }
}

/** Actions on the chosen rows: activate, deactivate, move under a parent, delete. */
export function CategoryBulkBar({ selected, onDone }: CategoryBulkBarProps) {
  const bulk = useBulkUpdateCategories();
  const options = useCategoryChoices();
  const ids = [...selected];

  function moveUnder(parentId: number | null) {
    bulk.mutate(
      { ids, action: 'setParent', values: { parentId } },
      {
        onSuccess: (result) => {
          announce('setParent', result);
          onDone();
        },
        onError: (error) => notify.error(errorMessageOf(error)),
      },
    );
  }

  return (
    <StatusBulkBar
      ids={ids}
      onDone={onDone}
      noun={noun}
      bulk={bulk}
      announce={announce}
      deleteWarning="Categories that products or subcategories still use are kept and listed afterwards; delete them one by one to move their products."
    >
      <Select
        aria-label="Move selected under"
        className="w-56"
        value=""
        disabled={bulk.isPending || options.isPending}
        onChange={(event) => {
          const value = event.target.value;
          if (value !== '') moveUnder(value === 'root' ? null : Number(value));
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
    </StatusBulkBar>
  );
}
