import { labelsPerPage, type LabelFields, type LabelLayout } from '@tillbook/contract';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Select } from '../../components/ui/select.tsx';

const fieldChoices: Array<{ key: keyof LabelFields; label: string }> = [
  { key: 'shopName', label: 'Shop name' },
  { key: 'title', label: 'Title' },
  { key: 'variant', label: 'Variant' },
  { key: 'price', label: 'Price' },
  { key: 'barcode', label: 'Barcode' },
  { key: 'qr', label: 'QR code instead of barcode' },
  { key: 'sku', label: 'SKU' },
];

type LabelSettingsProps = {
  layouts: LabelLayout[];
  layout: LabelLayout;
  onLayout: (id: string) => void;
  startAt: number;
  onStartAt: (position: number) => void;
  fields: LabelFields;
  onFields: (fields: LabelFields) => void;
};

/** The layout, where a part-used sheet starts, and what each label shows. */
export function LabelSettings({ layouts, layout, onLayout, startAt, onStartAt, fields, onFields }: LabelSettingsProps) {
  const positions = Array.from({ length: labelsPerPage(layout) }, (_, index) => index + 1);
  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Layout">
          <Select value={layout.id} onChange={(event) => onLayout(event.target.value)}>
            {layouts.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name}
              </option>
            ))}
          </Select>
        </Field>
        {layout.kind === 'sheet' && (
          <Field label="Start at position" hint={`1 is top left, then row by row (${positions.length} on a sheet).`}>
            <Select value={startAt} onChange={(event) => onStartAt(Number(event.target.value))}>
              {positions.map((position) => (
                <option key={position} value={position}>
                  {position}
                </option>
              ))}
            </Select>
          </Field>
        )}
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-gray-800">On each label</legend>
        <div className="mt-2 grid grid-cols-2 gap-2">
          {fieldChoices.map((choice) => (
            <Checkbox
              key={choice.key}
              label={choice.label}
              checked={fields[choice.key]}
              onChange={(event) => onFields({ ...fields, [choice.key]: event.target.checked })}
            />
          ))}
        </div>
      </fieldset>
    </div>
  );
}
