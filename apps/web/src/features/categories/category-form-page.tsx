import { BackLink } from '../../components/back-link.tsx';
import { categoryInput, type Category, type CategoryInput, type CategoryValues } from '@tillbook/contract';
import { Controller, useWatch, type Control } from 'react-hook-form';
import { Form, FormActions, useSaveAndReturn, useSchemaForm } from '../../components/form.tsx';
import { RecordPage, useRecordId } from '../../components/record-page.tsx';
import { Block } from '../../components/ui/block.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { ColourInput, textColourOn } from '../../components/ui/colour-input.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Page, PageHeader } from '../../components/ui/page-header.tsx';
import { Select } from '../../components/ui/select.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { errorMessageOf } from '../../lib/api-error.ts';
import { useCategoryChoices } from '../../lib/choices.ts';
import { useCategory, useSaveCategory } from './api.ts';
import { indentedName, parentChoices } from './category-tree.ts';

const blank: CategoryInput = { name: '', parentId: null, colour: null, position: 0, active: true };

function toForm(category: Category): CategoryInput {
  return {
    name: category.name,
    parentId: category.parentId,
    colour: category.colour,
    position: category.position,
    active: category.active,
  };
}

/** /categories/new and /categories/{id}/edit. */
export function CategoryFormPage() {
  const categoryId = useRecordId();
  const category = useCategory(categoryId);
  return (
    <RecordPage id={categoryId} back={<BackLink to="/categories">Categories</BackLink>} query={category} title="Edit category">
      {(record) => <CategoryForm key={categoryId ?? 'new'} categoryId={categoryId} category={record} initial={record ? toForm(record) : blank} />}
    </RecordPage>
  );
}

type CategoryFormProps = { categoryId: number | undefined; category: Category | undefined; initial: CategoryInput };

function CategoryForm({ categoryId, category, initial }: CategoryFormProps) {
  const save = useSaveCategory(categoryId);
  const options = useCategoryChoices();
  const form = useSchemaForm(categoryInput, { defaultValues: initial });
  const { errors } = form.formState;
  const choices = options.data ? parentChoices(options.data, categoryId) : [];

  const submit = useSaveAndReturn(save, { isNew: categoryId === undefined, what: (saved) => `Category “${saved.name}”`, to: '/categories' });

  return (
    <Page>
      <PageHeader
        title={categoryId === undefined ? 'New category' : 'Edit category'}
        description={category ? usageOf(category) : 'Categories group products in the catalogue, in reports and on the sell screen.'}
        back={<BackLink to="/categories">Categories</BackLink>}
      />
      <Form form={form} onSubmit={submit}>
        <Block title="Category">
          <div className="grid gap-5 sm:grid-cols-2">
            <Field label="Name" error={errors.name?.message}>
              <TextInput {...form.register('name')} autoFocus maxLength={200} />
            </Field>
            <Controller
              control={form.control}
              name="parentId"
              render={({ field }) => (
                <Field
                  label="Parent"
                  error={errors.parentId?.message ?? (options.isError ? `The categories could not be loaded: ${errorMessageOf(options.error)}` : undefined)}
                  hint={categoryId === undefined ? 'Leave at “None” for a top-level category.' : 'A category cannot go under itself or its own subcategories.'}
                >
                  <Select
                    ref={field.ref}
                    name={field.name}
                    disabled={options.isPending}
                    value={field.value == null ? '' : String(field.value)}
                    onChange={(event) => field.onChange(event.target.value === '' ? null : Number(event.target.value))}
                    onBlur={field.onBlur}
                  >
                    <option value="">{options.isPending ? 'Loading categories…' : 'None (top level)'}</option>
                    {choices.map((choice) => (
                      <option key={choice.id} value={choice.id}>
                        {indentedName(choice)}
                        {choice.active ? '' : ' (inactive)'}
                      </option>
                    ))}
                  </Select>
                </Field>
              )}
            />
            <Controller
              control={form.control}
              name="colour"
              render={({ field }) => (
                <Field label="Colour" error={errors.colour?.message} hint="Paints the category's tile on the sell screen." className="sm:col-span-2">
                  <ColourInput value={field.value ?? null} onChange={field.onChange} onBlur={field.onBlur} />
                </Field>
              )}
            />
            <Field label="Position" error={errors.position?.message} hint="Lower numbers come first among categories with the same parent.">
              <TextInput
                {...form.register('position', { setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? 0 : Number(v)) })}
                type="number"
                min={0}
                step={1}
                inputMode="numeric"
                className="w-32"
              />
            </Field>
            <div className="flex items-end pb-2">
              <Checkbox label="Active" description="Inactive categories and everything under them are hidden on the sell screen." {...form.register('active')} />
            </div>
          </div>
          {errors.active?.message && <p className="mt-2 text-sm text-red-600">{errors.active.message}</p>}
          <TilePreview control={form.control} />
        </Block>
        <FormActions isPending={save.isPending} cancelTo="/categories" />
      </Form>
    </Page>
  );
}

function usageOf(category: Category): string {
  const products = `${category.productCount} ${category.productCount === 1 ? 'product' : 'products'}`;
  const children = `${category.childCount} ${category.childCount === 1 ? 'subcategory' : 'subcategories'}`;
  return `${products} · ${children}${category.parentName ? ` · in ${category.parentName}` : ''}`;
}

/** How the category's tile will look on the sell screen. */
function TilePreview({ control }: { control: Control<CategoryInput, unknown, CategoryValues> }) {
  const [name, colour] = useWatch({ control, name: ['name', 'colour'] });
  const isColour = typeof colour === 'string' && /^#[0-9a-fA-F]{6}$/.test(colour);
  return (
    <div className="mt-5 flex items-center gap-4 border-t border-gray-100 pt-4">
      <span className="text-xs font-medium tracking-wide text-gray-500 uppercase">Tile preview</span>
      <div
        aria-hidden="true"
        className="flex h-16 w-28 items-end rounded-lg p-2 text-sm leading-tight font-semibold shadow-sm"
        style={{ backgroundColor: isColour ? colour : '#6b7280', color: textColourOn(isColour ? colour : '#6b7280') }}
      >
        <span className="line-clamp-2 break-words">{name?.trim() || 'Category'}</span>
      </div>
    </div>
  );
}
