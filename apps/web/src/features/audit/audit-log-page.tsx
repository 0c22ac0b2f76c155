import { auditActionLabel, auditActions, auditAreaLabels, type AuditEntry } from '@tillbook/contract';
import { DownloadLink } from '../../components/button-link.tsx';
import { DateRangeInputs } from '../../components/date-range-inputs.tsx';
import { FilterSelect } from '../../components/filter-select.tsx';
import { ListTable } from '../../components/list-table.tsx';
import { noValue } from '../../components/resource-list-columns.tsx';
import type { Column } from '../../components/ui/data-table.tsx';
import { Page, PageHeader } from '../../components/ui/page-header.tsx';
import { SearchInput } from '../../components/ui/search-input.tsx';
import { Select } from '../../components/ui/select.tsx';
import { useRegisterChoices, useUserChoices } from '../../lib/choices.ts';
import { useListParams } from '../../lib/list-params.ts';
import { useDateFormat, useMoney } from '../../lib/shop-settings.ts';
import { auditExportUrl, auditFilterKeys, useAuditLog } from './api.ts';
import { changesOf, changeText, shortened } from './changes.ts';

/** The known actions under their areas: an area itself filters every action of it. */
const actionGroups = Object.entries(auditAreaLabels).map(([area, label]) => ({
  area,
  label,
  actions: auditActions.filter((a) => a.action.startsWith(`${area}.`)),
}));

/** The action filter: every action of an area, or one action. */
function ActionFilter({ value, onChange }: { value: string | undefined; onChange: (value: string) => void }) {
  const known = value === undefined || value in auditAreaLabels || auditActions.some((a) => a.action === value);
  return (
    <Select aria-label="Action" className="w-56" value={value ?? ''} onChange={(e) => onChange(e.target.value)}>
      <option value="">All actions</option>
      {!known && <option value={value}>{value}</option>}
      {actionGroups.map((group) => (
        <optgroup key={group.area} label={group.label}>
          <option value={group.area}>{`${group.label} (all)`}</option>
          {group.actions.map((a) => (
            <option key={a.action} value={a.action}>
              {a.label}
            </option>
          ))}
        </optgroup>
      ))}
    </Select>
  );
}

/** Before → after in two lines at most; the rest, and every line whole, behind "Show all". */
function ChangesCell({ entry, money }: { entry: AuditEntry; money: (minor: number) => string }) {
  const lines = changesOf(entry.before, entry.after, money).map(changeText);
  if (lines.length === 0) return noValue;
  const shown = lines.slice(0, 2).map((line) => shortened(line));
  const isCut = lines.length > 2 || shown.some((line, i) => line !== lines[i]);
  return (
    <div className="text-sm text-gray-700">
      {shown.map((line, i) => (
        <div key={i} className="break-words">
          {line}
        </div>
      ))}
      {isCut && (
        <details className="mt-1">
          <summary className="cursor-pointer text-xs text-indigo-700">{lines.length > 2 ? `Show all ${lines.length} changes` : 'Show in full'}</summary>
          <ul className="mt-1 space-y-0.5 text-xs break-words whitespace-pre-wrap text-gray-700">
            {lines.map((line, i) => (
              <li key={i}>{line}</li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}

/** /settings/audit: who did what, where and when, with who approved it; newest first (administrators). */
export function AuditLogPage() {
  const list = useListParams();
  const filters = Object.fromEntries(auditFilterKeys.map((key) => [key, list.get(key)]));
  const params = list.query(filters);
  const entries = useAuditLog(params);
  const users = useUserChoices();
  const registers = useRegisterChoices();
  const money = useMoney();
  const dates = useDateFormat();
  const isFiltered = Boolean(list.search) || auditFilterKeys.some((key) => list.get(key) !== undefined);

  const columns: Column<AuditEntry>[] = [
    { key: 'at', header: 'When', cell: (e) => <span className="whitespace-nowrap">{dates.dateTime(e.at)}</span> },
    {
      key: 'who',
      header: 'Who',
      cell: (e) => (
        <>
          <span className="whitespace-nowrap">{e.userName ?? 'Unknown'}</span>
          {e.ip && <span className="block font-mono text-xs text-gray-500">{e.ip}</span>}
        </>
      ),
    },
    {
      key: 'where',
      header: 'Register / outlet',
      cell: (e) => {
        const register = e.registerName ?? (e.registerId === null ? null : `Register #${e.registerId}`);
        const outlet = e.outletName ?? (e.outletId === null ? null : `Outlet #${e.outletId}`);
        if (!register && !outlet) return noValue;
        return (
          <>
            {register && <span className="block whitespace-nowrap">{register}</span>}
            {outlet && <span className="block text-xs whitespace-nowrap text-gray-500">{outlet}</span>}
          </>
        );
      },
    },
    {
      key: 'what',
      header: 'What',
      className: 'min-w-64',
      cell: (e) => (
        <>
          <span className="block font-medium text-gray-900">{auditActionLabel(e.action)}</span>
          <span className="text-gray-700">{e.summary}</span>
        </>
      ),
    },
    { key: 'changes', header: 'Before → after', className: 'min-w-56 max-w-md', cell: (e) => <ChangesCell entry={e} money={money.format} /> },
    { key: 'approvedBy', header: 'Approved by', cell: (e) => (e.approvedByName ? <span className="whitespace-nowrap">{e.approvedByName}</span> : noValue) },
  ];

  return (
    <Page wide>
      <PageHeader
        title="Audit log"
        description="Who did what, where and when: sign-ins, refunds, discounts, drawer activity, stock, prices, staff and settings changes — newest first. Entries can never be changed."
        actions={<DownloadLink href={auditExportUrl(params)}>Export CSV</DownloadLink>}
      />
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <SearchInput label="Search the audit log" placeholder="Words of the summary: an order number…" value={list.search} onChange={list.setSearch} />
        <FilterSelect
          label="User"
          allLabel="All staff"
          className="w-44"
          options={(users.data ?? []).map((u) => ({ value: u.id, label: u.name }))}
          value={filters.userId}
          onChange={(userId) => list.set({ userId })}
        />
        <ActionFilter value={filters.action} onChange={(action) => list.set({ action })} />
        <FilterSelect
          label="Register"
          allLabel="All registers"
          className="w-52"
          options={(registers.data ?? []).map((r) => ({ value: r.id, label: `${r.name} (${r.outletName})` }))}
          value={filters.registerId}
          onChange={(registerId) => list.set({ registerId })}
        />
        <DateRangeInputs from={filters.from} to={filters.to} onChange={list.set} />
      </div>
      <ListTable
        caption="Audit log"
        columns={columns}
        query={entries}
        list={list}
        noun="entries"
        empty={isFiltered ? 'No audit log entries match these filters.' : 'Nothing has been recorded yet. Sign-ins, refunds, drawer activity and changes appear here as they happen.'}
      />
    </Page>
  );
}
