import type { DbOrTx } from '../../db/client.ts';
import { recordAudit, type AuditActor } from '../audit/service.ts';

/**
 * Settings changes in the audit log (issue 16): one settings.update row per save that changed
 * something, with only the changed keys before → after (a group such as the cashier rights or
 * the reward rules down to its changed entries).
 */

type Values = Record<string, unknown>;

const isGroup = (value: unknown): value is Values => typeof value === 'object' && value !== null && !Array.isArray(value);
/** JSON with the keys of every object in order, so that two equal values read the same. */
function canonical(value: unknown): string {
  if (isGroup(value)) return `{${Object.keys(value).sort().map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`).join(',')}}`;
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  return JSON.stringify(value ?? null);
}
const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);

/** The keys that differ, with their values before and after; groups compared one level down. */
export function changedKeys(before: Values, after: Values, keys: string[] = Object.keys(after)): { before: Values; after: Values } {
  const was: Values = {};
  const now: Values = {};
  for (const key of keys) {
    const [a, b] = [before[key], after[key]];
    if (same(a, b)) continue;
    if (isGroup(a) && isGroup(b)) {
      const inner = changedKeys(a, b, [...new Set([...Object.keys(a), ...Object.keys(b)])]);
      was[key] = inner.before;
      now[key] = inner.after;
      continue;
    }
    was[key] = a ?? null;
    now[key] = b ?? null;
  }
  return { before: was, after: now };
}

/** The words a summary names a section by: "general" → "general settings". */
const sectionNames: Record<string, string> = {
  general: 'general settings',
  products: 'product settings',
  cashbox: 'cash drawer settings',
  selling: 'selling settings',
  taxes: 'tax settings',
  'cashier-rights': 'cashier rights',
  'gift-cards': 'gift card settings',
  logo: 'business logo',
  rewards: 'reward settings',
};

/**
 * Writes the settings.update row for a save of one section, in the caller's transaction; nothing
 * when the save changed nothing. Without an actor (demo data) the row names no one.
 */
export async function auditSettingsChange(
  tx: DbOrTx,
  actor: AuditActor | undefined,
  section: string,
  before: Values,
  after: Values,
  keys?: string[],
): Promise<void> {
  const changes = changedKeys(before, after, keys);
  const names = Object.keys(changes.after);
  if (!names.length) return;
  await recordAudit(tx, actor ?? { id: null, name: null }, {
    action: 'settings.update',
    summary: `Changed ${sectionNames[section] ?? `${section} settings`}: ${names.join(', ')}`.slice(0, 500),
    subject: { type: 'settings', id: section },
    before: changes.before,
    after: changes.after,
  });
}
