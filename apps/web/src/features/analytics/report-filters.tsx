import { reportFilters, reportGroupings, reportViews, tenderLabels, tenders, type ReportFilterKey, type ReportGrouping, type ReportViewKey } from '@tillbook/contract';
import type { ReactNode } from 'react';
import { FilterSelect } from '../../components/filter-select.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Select } from '../../components/ui/select.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { useCategoryChoices, useOutletChoices, useRegisterChoices, useUserChoices, type Choice } from '../../lib/choices.ts';
import { ProductFilter } from './product-filter.tsx';
import type { ReportParams } from './report-params.ts';

const groupingLabels: Record<ReportGrouping, string> = { hour: 'Hour', day: 'Day', week: 'Week', month: 'Month' };
const viewLabels: Record<ReportViewKey, string> = { period: 'Period', cashier: 'Cashier', register: 'Register', outlet: 'Outlet', product: 'Product', reason: 'Reason', tax: 'Tax' };

type Option = { value: string; label: string };
type ChoiceFilterProps = { label: string; allLabel: string; value: string | undefined; options: Option[]; onChange: (value: string) => void };

/** Records of another area as options, sub-categories indented under their parent. */
const optionsOf = (choices: Choice[] | undefined): Option[] => (choices ?? []).map((c) => ({ value: String(c.id), label: `${'— '.repeat(c.depth ?? 0)}${c.name}` }));

function ChoiceFilter({ label, allLabel, value, options, onChange }: ChoiceFilterProps) {
  return (
    <Field label={label} className="w-48">
      <FilterSelect label={label} allLabel={allLabel} value={value} options={options} onChange={onChange} />
    </Field>
  );
}

/** The filters that fit the report (contract reportFilters), its grouping and the comparison. */
export function ReportFilters({ params, errors }: { params: ReportParams; errors: { at?: string; deadDays?: string } }) {
  const { report, filters, set } = params;
  const offered = reportFilters[report];
  const outlets = useOutletChoices({ enabled: offered.includes('outlet') });
  const registers = useRegisterChoices({ enabled: offered.includes('register') });
  const cashiers = useUserChoices({ enabled: offered.includes('cashier') });
  const categories = useCategoryChoices({ enabled: offered.includes('category') });
  const setFilter = (key: string) => (value: string) => set({ [key]: value });
  const registerChoices = (registers.data ?? []).filter((r) => !filters.outlet || String(r.outletId) === filters.outlet);

  const fields: Partial<Record<ReportFilterKey, ReactNode>> = {
    outlet: <ChoiceFilter key="outlet" label="Outlet" allLabel="All outlets" value={filters.outlet} options={optionsOf(outlets.data)} onChange={(value) => set({ outlet: value, register: undefined })} />,
    register: <ChoiceFilter key="register" label="Register" allLabel="All registers" value={filters.register} options={optionsOf(registerChoices)} onChange={setFilter('register')} />,
    cashier: <ChoiceFilter key="cashier" label="Cashier" allLabel="All staff" value={filters.cashier} options={optionsOf(cashiers.data)} onChange={setFilter('cashier')} />,
    category: <ChoiceFilter key="category" label="Category" allLabel="All categories" value={filters.category} options={optionsOf(categories.data)} onChange={setFilter('category')} />,
    tender: (
      <ChoiceFilter
        key="tender"
        label="Tender"
        allLabel="All tenders"
        value={filters.tender}
        options={tenders.map((t) => ({ value: t, label: tenderLabels[t] }))}
        onChange={setFilter('tender')}
      />
    ),
    product: <ProductFilter key="product" productId={filters.product} onChange={setFilter('product')} />,
  };

  return (
    <div className="flex flex-wrap items-start gap-3">
      {offered.map((key) => fields[key])}
      {report === 'inventory' && (
        <>
          <Field label="Stock at the end of" hint="Leave empty for now." error={errors.at} className="w-44">
            <TextInput type="date" value={params.at ?? ''} onChange={(event) => set({ at: event.target.value })} />
          </Field>
          <Field label="Dead stock after (days)" error={errors.deadDays} className="w-44">
            <TextInput type="number" min={1} max={3650} value={params.deadDays ?? ''} placeholder="90" onChange={(event) => set({ deadDays: event.target.value })} />
          </Field>
        </>
      )}
      {reportViews[report].length > 1 && (
        <Field label="Show rows by" className="w-40">
          <Select value={params.view} onChange={(event) => set({ by: event.target.value === reportViews[report][0] ? undefined : event.target.value, sort: undefined })}>
            {reportViews[report].map((v) => (
              <option key={v} value={v}>
                {viewLabels[v]}
              </option>
            ))}
          </Select>
        </Field>
      )}
      <Field label="Group by" className="w-36">
        <Select value={params.groupBy} onChange={(event) => set({ groupBy: event.target.value })}>
          {reportGroupings.map((g) => (
            <option key={g} value={g}>
              {groupingLabels[g]}
            </option>
          ))}
        </Select>
      </Field>
      <Checkbox className="mt-8" label="Compare with previous period" checked={params.compare} onChange={(event) => set({ compare: event.target.checked ? 'previous' : undefined })} />
    </div>
  );
}
