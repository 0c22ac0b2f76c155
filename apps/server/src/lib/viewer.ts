import { eq, sql, type Column, type SQL } from 'drizzle-orm';
import { AppError } from './errors.ts';

/** Who reads an answer: what they may see depends on their type and, for a cashier, their outlet. */
export type Viewer = { type: string; outletId: number | null };

/** Costs (ours and suppliers') are the back office's: a cashier's answers never carry them. */
export function canSeeCosts(viewer: Viewer | null): boolean {
  return viewer?.type === 'administrator';
}

/**
 * The outlets a reader reaches: an administrator every outlet, anyone else only their own. A
 * cashier without an outlet reaches none. Every module that limits reads or writes by outlet
 * derives it here, once per request, and hands it down to its queries.
 */
export type OutletScope = { kind: 'all' } | { kind: 'outlet'; outletId: number | null };

/** For reads that are not a person's (a retried sale answers its first order whoever asks). */
export const everyOutlet: OutletScope = { kind: 'all' };

export function outletScopeOf(viewer: Viewer | null): OutletScope {
  return viewer?.type === 'administrator' ? everyOutlet : { kind: 'outlet', outletId: viewer?.outletId ?? null };
}

/** Whether the scope reaches the outlet (a register's, a sale's). */
export function isOutletInScope(scope: OutletScope, outletId: number): boolean {
  return scope.kind === 'all' || scope.outletId === outletId;
}

/**
 * The outlet id of a cashier who works at none: no outlet has it. (Not 0: the product stock
 * summary keeps every outlet's total under outlet 0, which a cashier must not read.)
 */
export const NO_OUTLET = -1;

/**
 * The outlet a read is limited to. An administrator reads the outlet asked for, or every outlet;
 * a cashier only ever their own: asking for another is refused, and asking for none gives their own.
 * A cashier without an outlet sees none (NO_OUTLET matches nothing).
 */
export function outletOfScope(scope: OutletScope, requested: number | undefined): number | undefined {
  if (scope.kind === 'all') return requested;
  const own = scope.outletId ?? NO_OUTLET;
  if (requested !== undefined && requested !== own) throw new AppError(403, 'A cashier sees only their own outlet.');
  return own;
}

export function outletOfViewer(viewer: Viewer | null, requested: number | undefined): number | undefined {
  return outletOfScope(outletScopeOf(viewer), requested);
}

/** The WHERE that keeps rows of `outletColumn` within the scope; none for every outlet. */
export function outletScopeFilter(scope: OutletScope, outletColumn: Column): SQL | undefined {
  if (scope.kind === 'all') return undefined;
  // A cashier without an outlet sees none.
  return scope.outletId === null ? sql`false` : eq(outletColumn, scope.outletId);
}
