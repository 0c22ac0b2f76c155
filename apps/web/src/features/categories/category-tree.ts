import type { CategoryOption } from '@tillbook/contract';

/** The category and everything under it: none of these may become its parent (no loops). */
export function subtreeOf(options: CategoryOption[], id: number): Set<number> {
  const childrenOf = new Map<number, number[]>();
  for (const option of options) {
    if (option.parentId !== null) childrenOf.set(option.parentId, [...(childrenOf.get(option.parentId) ?? []), option.id]);
  }
  const subtree = new Set<number>();
  const stack = [id];
  while (stack.length > 0) {
    const next = stack.pop() as number;
    if (subtree.has(next)) continue;
    subtree.add(next);
    stack.push(...(childrenOf.get(next) ?? []));
  }
  return subtree;
}

/** The parents a category may take: every category outside its own branch (all of them for a new one). */
export function parentChoices(options: CategoryOption[], id: number | undefined): CategoryOption[] {
  if (id === undefined) return options;
  const excluded = subtreeOf(options, id);
  return options.filter((option) => !excluded.has(option.id));
}

/** A picker's line for a category: indented by its depth, so the tree shows in a plain select. */
export function indentedName(option: Pick<CategoryOption, 'name' | 'depth'>): string {
  return `${'\u00A0\u00A0\u00A0\u00A0'.repeat(option.depth)}${option.name}`;
}
