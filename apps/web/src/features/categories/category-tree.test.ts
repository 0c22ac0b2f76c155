import type { CategoryOption } from '@tillbook/contract';
import { describe, expect, it } from 'vitest';
import { indentedName, parentChoices, subtreeOf } from './category-tree.ts';

const option = (id: number, name: string, parentId: number | null, depth: number): CategoryOption => ({
  id,
  name,
  parentId,
  depth,
  colour: null,
  active: true,
});

const tree = [
  option(1, 'Drinks', null, 0),
  option(2, 'Hot drinks', 1, 1),
  option(3, 'Tea', 2, 2),
  option(4, 'Cold drinks', 1, 1),
  option(5, 'Snacks', null, 0),
];

describe('category tree helpers', () => {
  it('finds a category with everything under it', () => {
    expect([...subtreeOf(tree, 1)].sort()).toEqual([1, 2, 3, 4]);
    expect([...subtreeOf(tree, 2)].sort()).toEqual([2, 3]);
    expect([...subtreeOf(tree, 5)]).toEqual([5]);
  });

  it('offers as parents every category except the one edited and its descendants', () => {
    expect(parentChoices(tree, 2).map((o) => o.name)).toEqual(['Drinks', 'Cold drinks', 'Snacks']);
    expect(parentChoices(tree, undefined)).toHaveLength(5);
  });

  it('indents names by depth', () => {
    expect(indentedName(tree[2] as CategoryOption)).toBe('\u00A0'.repeat(8) + 'Tea');
    expect(indentedName(tree[0] as CategoryOption)).toBe('Drinks');
  });
});
