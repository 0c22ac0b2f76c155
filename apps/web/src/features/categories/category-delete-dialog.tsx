import type { Category } from '@tillbook/contract';
import { useId, useState } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Label } from '../../components/ui/label.tsx';
import { Select } from '../../components/ui/select.tsx';
import { apiErrorOf, errorMessageOf } from '../../lib/api-error.ts';
import { useCategoryChoices } from '../../lib/choices.ts';
import { notify } from '../../lib/notifications.tsx';
import { useCategory, useDeleteCategory } from './api.ts';
import { indentedName } from './category-tree.ts';

type CategoryDeleteDialogProps = { category: Category | null; onClose: () => void };

/**
 * Asks before deleting. A category that products or subcategories use can still go: its products
 * move to a category chosen here, its subcategories up one level (the server does both at once).
 */
export function CategoryDeleteDialog({ category, onClose }: CategoryDeleteDialogProps) {
  return (
    <Dialog open={category !== null} title="Delete this category?" onClose={onClose}>
      {category && <DeleteCategoryBody key={category.id} category={category} onClose={onClose} />}
    </Dialog>
  );
}

function plural(n: number, one: string, many: string) {
  return `${n} ${n === 1 ? one : many}`;
}

function DeleteCategoryBody({ category: listed, onClose }: { category: Category; onClose: () => void }) {
  // The list may be a little old: read the category again for up-to-date counts.
  const fresh = useCategory(listed.id);
  const category = fresh.data ?? listed;
  const options = useCategoryChoices();
  const remove = useDeleteCategory();
  const [moveTo, setMoveTo] = useState('');
  const [conflict, setConflict] = useState<string | null>(null);
  const pickerId = useId();

  const hasProducts = category.productCount > 0;
  const hasChildren = category.childCount > 0;
  const isInUse = hasProducts || hasChildren;
  const targets = (options.data ?? []).filter((o) => o.id !== category.id);
  const canDelete = !fresh.isFetching && (!hasProducts || moveTo !== '');

  function confirm() {
    setConflict(null);
    remove.mutate(
      { id: category.id, moveTo: hasProducts ? Number(moveTo) : undefined, moveChildren: hasChildren },
      {
        onSuccess: () => {
          const target = targets.find((t) => String(t.id) === moveTo);
          notify.success(
            hasProducts && target
              ? `Category “${category.name}” deleted; its products moved to “${target.name}”.`
              : `Category “${category.name}” deleted.`,
          );
          onClose();
        },
        onError: (error) => {
          // 409: something started using it meanwhile; show why and the fresh counts.
          const { status, message } = apiErrorOf(error);
          if (status === 409 || status === 422) {
            setConflict(message);
            void fresh.refetch();
          } else {
            notify.error(errorMessageOf(error));
            onClose();
          }
        },
      },
    );
  }

  return (
    <div className="space-y-4">
      {!isInUse ? (
        <p>“{category.name}” will be removed. No product or subcategory uses it.</p>
      ) : (
        <>
          <p>
            “{category.name}”{' '}
            {[hasProducts && `is used by ${plural(category.productCount, 'product', 'products')}`, hasChildren && `has ${plural(category.childCount, 'subcategory', 'subcategories')}`]
              .filter(Boolean)
              .join(' and ')}
            .
          </p>
          {hasProducts && (
            <div>
              <Label htmlFor={pickerId}>Move its products to</Label>
              <Select id={pickerId} className="mt-1.5" value={moveTo} onChange={(e) => setMoveTo(e.target.value)} disabled={options.isPending}>
                <option value="">{options.isPending ? 'Loading categories…' : 'Choose a category'}</option>
                {targets.map((t) => (
                  <option key={t.id} value={t.id}>
                    {indentedName(t)}
                  </option>
                ))}
              </Select>
              {options.isError && <p className="mt-1.5 text-sm text-red-600">{errorMessageOf(options.error)}</p>}
            </div>
          )}
          {hasChildren && (
            <p className="text-gray-600">
              Its subcategories move up one level, to {category.parentName ? `“${category.parentName}”` : 'the top level'}.
            </p>
          )}
        </>
      )}
      {conflict && <Alert tone="error">{conflict}</Alert>}
      <div className="flex justify-end gap-2 pt-2">
        <Button variant="ghost" onClick={onClose} disabled={remove.isPending}>
          Cancel
        </Button>
        <Button variant="danger" onClick={confirm} disabled={remove.isPending || !canDelete}>
          {remove.isPending ? 'Processing' : isInUse ? 'Move and delete' : 'Delete'}
        </Button>
      </div>
    </div>
  );
}
