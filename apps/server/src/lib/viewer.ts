import { AppError } from './errors.ts';

/** Who reads an answer: what they may see depends on their type and, for a cashier, their outlet. */
export type Viewer = { type: string; outletId: number | null };

/** Costs (ours and suppliers') are the back office's: a cashier's answers never carry them. */
export function canSeeCosts(viewer: Viewer | null): boolean {
  return viewer?.type === 'administrator';
}

/**
 * The outlet a read is limited to. An administrator reads the outlet asked for, or every outlet;
 * a cashier only ever their own: asking for another is refused, and asking for none gives their own.
 * A cashier without an outlet sees none (the id 0 matches nothing).
 */
export function outletOfViewer(viewer: Viewer | null, requested: number | undefined): number | undefined {
  if (viewer?.type === 'administrator') return requested;
  const own = viewer?.outletId ?? 0;
  if (requested !== undefined && requested !== own) throw new AppError(403, 'A cashier sees only their own outlet.');
  return own;
}
