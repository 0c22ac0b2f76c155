import { z } from 'zod';
import { dataOf } from './common.ts';
import { idField, integerField, requiredText, MAX_ID, MAX_POSITION } from './fields.ts';
import { listQuery, paginated } from './pagination.ts';

/** Options one attribute may have (Size: S, M, L…). */
export const MAX_ATTRIBUTE_OPTIONS = 100;
/** Variants one product may have (FIELD-NOTES: Loyverse allows 200 combinations). */
export const MAX_VARIANT_COMBINATIONS = 200;

/** One value of an attribute, e.g. "M" of Size. */
export const attributeOption = z.object({
  id: z.number().int(),
  attributeId: z.number().int(),
  name: z.string(),
  position: z.number().int(),
  /** Whether product variants are made with this option: such an option cannot be removed. */
  isUsed: z.boolean(),
});
export type AttributeOption = z.infer<typeof attributeOption>;

/** Size, Colour…: a product's variants are combinations of attribute options. */
export const attribute = z.object({
  id: z.number().int(),
  name: z.string(),
  /** In position order. */
  options: z.array(attributeOption),
  /** Products whose variants are made of this attribute. */
  productCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Attribute = z.infer<typeof attribute>;

const optionName = requiredText('option name', 60);

/**
 * An option in the attribute form. With an id it keeps (and may rename) that option, so the
 * variants made with it stay; without one it is a new option.
 */
export const attributeOptionEntry = z.object({
  id: z.number().int().positive().max(MAX_ID).optional(),
  name: optionName,
});
export type AttributeOptionEntry = z.input<typeof attributeOptionEntry>;

/**
 * POST /api/attributes/create and PUT /api/attributes/{id}/edit: the name and the whole option
 * list in its order. A duplicate option (case-insensitive, as the database's unique index
 * compares) is reported on the later row, `options.N.name`.
 */
export const attributeInput = z
  .object({
    name: requiredText('name', 60),
    options: z
      .array(attributeOptionEntry, { error: 'The attribute needs at least one option.' })
      .min(1, 'The attribute needs at least one option.')
      .max(MAX_ATTRIBUTE_OPTIONS, `The attribute may have at most ${MAX_ATTRIBUTE_OPTIONS} options.`),
  })
  .superRefine((value, context) => {
    const seenNames = new Set<string>();
    const seenIds = new Set<number>();
    value.options.forEach((option, index) => {
      const key = option.name.toLowerCase();
      if (key && seenNames.has(key)) {
        context.addIssue({
          code: 'custom',
          path: ['options', index, 'name'],
          message: `The option “${option.name}” appears more than once.`,
        });
      }
      seenNames.add(key);
      if (option.id !== undefined) {
        if (seenIds.has(option.id)) {
          context.addIssue({ code: 'custom', path: ['options', index, 'id'], message: 'The same option appears twice in the list.' });
        }
        seenIds.add(option.id);
      }
    });
  });
export type AttributeInput = z.input<typeof attributeInput>;
export type AttributeValues = z.output<typeof attributeInput>;

/** POST /api/attributes/options/create: one option, at the end unless a position is given. */
export const attributeOptionCreateInput = z.object({
  attributeId: idField('attribute'),
  name: optionName,
  position: integerField('position', { min: 0, max: MAX_POSITION }).optional(),
});
export type AttributeOptionCreateInput = z.input<typeof attributeOptionCreateInput>;

/** PUT /api/attributes/options/{id}/edit: rename and/or move (0 = first) an option. */
export const attributeOptionUpdateInput = z.object({
  name: optionName,
  position: integerField('position', { min: 0, max: MAX_POSITION }).optional(),
});
export type AttributeOptionUpdateInput = z.input<typeof attributeOptionUpdateInput>;

export const attributeListQuery = listQuery;

export const attributePage = paginated(attribute);
export const attributeResult = dataOf(attribute);
export const attributeOptionResult = dataOf(attributeOption);

/** One variant a product's chosen options make: "M / Red" with the ids of M and Red. */
export type VariantCombination = { optionIds: number[]; name: string };

type CombinableAttribute = { id: number; options: ReadonlyArray<{ id: number; name: string }> };

/** How many variants these attributes (with the options chosen on each) make. */
export function countVariantCombinations(attributes: ReadonlyArray<CombinableAttribute>): number {
  return attributes.reduce((total, attr) => total * attr.options.length, 1);
}

export function tooManyCombinationsMessage(count: number): string {
  return `These options make ${count} combinations; a product may have at most ${MAX_VARIANT_COMBINATIONS} variants. Choose fewer options.`;
}

/** Thrown by variantCombinations beyond MAX_VARIANT_COMBINATIONS; its message is for people. */
export class TooManyCombinationsError extends RangeError {
  constructor(readonly count: number) {
    super(tooManyCombinationsMessage(count));
    this.name = 'TooManyCombinationsError';
  }
}

/**
 * The variants of a product: the cartesian product of the chosen options, in attribute order
 * then option order (S / Red, S / Blue, M / Red…), each named with its option names joined by
 * " / ". No attributes give one combination with no options and an empty name — the default
 * variant (DESIGN.md §4); an attribute with no option chosen gives none.
 * Throws TooManyCombinationsError beyond MAX_VARIANT_COMBINATIONS: check with
 * countVariantCombinations first to show the message without catching.
 */
export function variantCombinations(attributes: ReadonlyArray<CombinableAttribute>): VariantCombination[] {
  const count = countVariantCombinations(attributes);
  if (count > MAX_VARIANT_COMBINATIONS) throw new TooManyCombinationsError(count);
  let combinations: Array<{ optionIds: number[]; names: string[] }> = [{ optionIds: [], names: [] }];
  for (const attr of attributes) {
    combinations = combinations.flatMap((combination) =>
      attr.options.map((option) => ({
        optionIds: [...combination.optionIds, option.id],
        names: [...combination.names, option.name],
      })),
    );
  }
  return combinations.map(({ optionIds, names }) => ({ optionIds, name: names.join(' / ') }));
}
