import { describe, expect, it } from 'vitest';
import {
  attributeInput,
  countVariantCombinations,
  MAX_VARIANT_COMBINATIONS,
  TooManyCombinationsError,
  variantCombinations,
} from './attributes.ts';

const size = { id: 1, options: [{ id: 11, name: 'S' }, { id: 12, name: 'M' }, { id: 13, name: 'L' }] };
const colour = { id: 2, options: [{ id: 21, name: 'Red' }, { id: 22, name: 'Blue' }] };

function attributeWith(optionCount: number, id = 1) {
  return { id, options: Array.from({ length: optionCount }, (_, i) => ({ id: id * 1000 + i, name: `O${i}` })) };
}

describe('variantCombinations', () => {
  it('makes every combination in attribute order, then option order, named "M / Red"', () => {
    expect(variantCombinations([size, colour])).toEqual([
      { optionIds: [11, 21], name: 'S / Red' },
      { optionIds: [11, 22], name: 'S / Blue' },
      { optionIds: [12, 21], name: 'M / Red' },
      { optionIds: [12, 22], name: 'M / Blue' },
      { optionIds: [13, 21], name: 'L / Red' },
      { optionIds: [13, 22], name: 'L / Blue' },
    ]);
  });

  it('follows the order the attributes are given in', () => {
    expect(variantCombinations([colour, size]).map((c) => c.name).slice(0, 3)).toEqual(['Red / S', 'Red / M', 'Red / L']);
  });

  it('names a one-attribute variant by its option alone', () => {
    expect(variantCombinations([size])).toEqual([
      { optionIds: [11], name: 'S' },
      { optionIds: [12], name: 'M' },
      { optionIds: [13], name: 'L' },
    ]);
  });

  it('gives the default variant (no options, empty name) for a product without attributes', () => {
    expect(variantCombinations([])).toEqual([{ optionIds: [], name: '' }]);
    expect(countVariantCombinations([])).toBe(1);
  });

  it('gives no variant while an attribute has no option chosen', () => {
    expect(variantCombinations([size, { id: 2, options: [] }])).toEqual([]);
  });

  it('allows exactly 200 combinations and refuses 201 and more with a clear message', () => {
    expect(MAX_VARIANT_COMBINATIONS).toBe(200);
    expect(variantCombinations([attributeWith(10, 1), attributeWith(20, 2)])).toHaveLength(200);
    expect(countVariantCombinations([attributeWith(3, 1), attributeWith(67, 2)])).toBe(201);
    expect(() => variantCombinations([attributeWith(3, 1), attributeWith(67, 2)])).toThrow(TooManyCombinationsError);
    expect(() => variantCombinations([attributeWith(100, 1), attributeWith(100, 2), attributeWith(100, 3)])).toThrow(
      'These options make 1000000 combinations; a product may have at most 200 variants. Choose fewer options.',
    );
  });

  it('produces distinct option sets, one option per attribute', () => {
    const combinations = variantCombinations([size, colour, { id: 3, options: [{ id: 31, name: 'Cotton' }, { id: 32, name: 'Silk' }] }]);
    expect(combinations).toHaveLength(12);
    expect(new Set(combinations.map((c) => c.optionIds.join(','))).size).toBe(12);
    expect(combinations.every((c) => c.optionIds.length === 3)).toBe(true);
  });
});

describe('attributeInput', () => {
  it('trims the name and the options and keeps the ids of kept options', () => {
    expect(attributeInput.parse({ name: ' Size ', options: [{ id: 4, name: ' S ' }, { name: 'M' }] })).toEqual({
      name: 'Size',
      options: [{ id: 4, name: 'S' }, { name: 'M' }],
    });
  });

  it('requires a name of at most 60 characters and at least one option', () => {
    const result = attributeInput.safeParse({ name: 'x'.repeat(61), options: [] });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['name', 'The name may not be longer than 60 characters.'],
      ['options', 'The attribute needs at least one option.'],
    ]);
  });

  it('names the row of a blank, a too long or a repeated option (case-insensitive)', () => {
    const result = attributeInput.safeParse({ name: 'Size', options: [{ name: 'M' }, { name: ' ' }, { name: 'm' }, { name: 'y'.repeat(61) }] });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['options.1.name', 'The option name field is required.'],
      ['options.3.name', 'The option name may not be longer than 60 characters.'],
      ['options.2.name', 'The option “m” appears more than once.'],
    ]);
  });

  it('accepts 100 options and refuses 101', () => {
    const options = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `O${i}` }));
    expect(attributeInput.safeParse({ name: 'Many', options: options(100) }).success).toBe(true);
    expect(attributeInput.safeParse({ name: 'Many', options: options(101) }).error?.issues[0]?.message).toBe(
      'The attribute may have at most 100 options.',
    );
  });
});
