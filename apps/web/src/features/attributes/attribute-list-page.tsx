import type { Attribute } from '@tillbook/contract';
import { ResourceListPage } from '../../components/resource-list-page.tsx';
import { nameColumn, productCountColumn } from '../../components/resource-list-columns.tsx';
import type { ResourceList } from '../../components/resource-list.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { useAttributes, useDeleteAttribute } from './api.ts';

/** Chips shown per row before "+N more": a 100-option attribute must not fill the screen. */
const CHIPS_SHOWN = 12;

function OptionChips({ attribute }: { attribute: Attribute }) {
  const shown = attribute.options.slice(0, CHIPS_SHOWN);
  const more = attribute.options.length - shown.length;
  return (
    <ul aria-label={`Options of ${attribute.name}`} className="flex flex-wrap gap-1.5">
      {shown.map((option) => (
        <li key={option.id}>
          <Badge tone="indigo">{option.name}</Badge>
        </li>
      ))}
      {more > 0 && (
        <li>
          <Badge>+{more} more</Badge>
        </li>
      )}
    </ul>
  );
}

const attributeList: ResourceList<Attribute> = {
  title: 'Attributes',
  description: "Size, Colour… A product's variants are combinations of their options.",
  noun: 'attributes',
  basePath: '/products/attributes',
  searchPlaceholder: 'Search by name or option',
  emptyHint: ', e.g. Size with S, M and L.',
  labelOf: (a) => a.name,
  useRows: useAttributes,
  useColumns: () => [
    nameColumn({ basePath: '/products/attributes', nameOf: (a) => a.name, className: 'w-48' }),
    { key: 'options', header: 'Options', cell: (a) => <OptionChips attribute={a} /> },
    productCountColumn({ className: 'w-28' }),
  ],
  remove: {
    useDelete: useDeleteAttribute,
    title: 'Delete this attribute?',
    warning: (a) => <>“{a.name}” and its options will be removed. An attribute that products use cannot be deleted.</>,
    deletedMessage: (a) => `Attribute “${a.name}” deleted.`,
  },
};

/** /products/attributes */
export function AttributeListPage() {
  return <ResourceListPage config={attributeList} />;
}
