import type { DbOrTx } from '../../db/client.ts';
import { findChainLinks } from './queries.ts';

/** What the first row of the chain points back to. */
export const FIRST_PREV_HASH = '0'.repeat(64);

export type AuditChainCheck = {
  /** Rows read, up to and including the first broken one. */
  rows: number;
  ok: boolean;
  /** The first row whose link or contents do not hold. */
  firstBrokenId?: number;
  problem?: string;
  /** The newest row and its hash, when the chain holds: note them down to notice rows cut off the end later. */
  lastId?: number;
  lastHash?: string;
};

/**
 * Walks the audit log in chain order, a batch at a time, and checks every row: its hash computed
 * again from its fields (audit_entry_hash) must be the one stored, and it must point at the hash
 * of the row before it (the first row at 64 zeros). An edited row fails the first check, a removed
 * row breaks the link of the row after it; either way the first broken row is named.
 */
export async function verifyAuditChain(db: DbOrTx, batch = 5000): Promise<AuditChainCheck> {
  let rows = 0;
  let previous: { id: number; hash: string } | null = null;
  for (;;) {
    const links = await findChainLinks(db, previous?.id ?? 0, batch);
    for (const link of links) {
      rows += 1;
      const id = Number(link.id);
      const expectedPrev = previous?.hash ?? FIRST_PREV_HASH;
      if (link.prev_hash !== expectedPrev) {
        const problem = previous
          ? `Entry ${id} does not follow entry ${previous.id}: an entry between them was removed, or entry ${previous.id} was rewritten.`
          : `Entry ${id} is the first entry but does not start the chain: earlier entries were removed.`;
        return { rows, ok: false, firstBrokenId: id, problem };
      }
      if (link.computed !== link.hash) {
        return { rows, ok: false, firstBrokenId: id, problem: `Entry ${id} was changed after it was written: its contents no longer match its hash.` };
      }
      previous = { id, hash: link.hash };
    }
    if (links.length < batch) break;
  }
  return previous ? { rows, ok: true, lastId: previous.id, lastHash: previous.hash } : { rows, ok: true };
}

/** What `npm run audit:verify` prints, and its exit code. */
export async function auditVerifyReport(db: DbOrTx): Promise<{ exitCode: 0 | 1; message: string }> {
  const check = await verifyAuditChain(db);
  if (check.ok) {
    const count = `${check.rows.toLocaleString('en')} ${check.rows === 1 ? 'entry' : 'entries'}`;
    const last = check.lastId === undefined ? '' : `\nNewest entry: ${check.lastId}, hash ${check.lastHash}`;
    return { exitCode: 0, message: `Audit log verified: ${count}, chain intact.${last}` };
  }
  return { exitCode: 1, message: `Audit log BROKEN at entry ${check.firstBrokenId}: ${check.problem}` };
}
