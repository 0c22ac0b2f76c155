import { homePathByType } from '@tillbook/contract';
import type { UserType } from '@tillbook/contract';
import { getSafeRedirectPath } from '../../lib/redirect.ts';

export type PostLoginTarget =
  | { kind: 'app'; path: string }
  /** redirect_to leaves through a full page load (SPEC §2: "Any other target path causes a full page load"). */
  | { kind: 'page'; path: string };

/** Where a user goes once signed in: a safe redirect_to, otherwise their type's home (SPEC §2, §6). */
export function getPostLoginTarget(type: UserType, redirectTo: string | null): PostLoginTarget {
  const safeRedirect = getSafeRedirectPath(redirectTo);
  if (safeRedirect) return { kind: 'page', path: safeRedirect };
  return { kind: 'app', path: homePathByType[type] };
}
