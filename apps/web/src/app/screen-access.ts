import type { UserType } from '@tillbook/contract';
import { navigationByType, type NavItem } from './navigation-items.ts';

/**
 * Screens a user type opens without a menu entry of their own: a cashier follows a customer's
 * orders to the order itself (the server shows them their outlet's orders only).
 */
const beyondTheMenu: Record<UserType, readonly string[]> = { administrator: [], cashier: ['/orders'] };

const pathOf = (to: string) => to.split('?')[0] ?? to;
const isAtOrBelow = (pathname: string, base: string) => pathname === base || pathname.startsWith(`${base}/`);

function entryPaths(items: readonly NavItem[]): string[] {
  return items.flatMap((item) => (item.kind === 'link' ? [pathOf(item.to)] : item.items.map((sub) => pathOf(sub.to))));
}

/**
 * Whether a user type may open a screen, decided from the navigation menus themselves: an
 * administrator opens everything; anyone else opens the screens at or beneath their own menu
 * entries, unless a deeper entry of another type's menu holds the screen ("Add New" under
 * Registers is the administrator's: /registers/new), and the edit form of an area whose "Add New"
 * is someone else's is theirs too (/registers/5/edit). The server refuses the calls either way.
 */
export function canOpenScreen(type: UserType, pathname: string): boolean {
  if (type === 'administrator' || pathname === '/') return true;
  const own = new Set([...entryPaths(navigationByType[type]), ...beyondTheMenu[type]]);
  const others = new Set(Object.values(navigationByType).flatMap(entryPaths).filter((path) => !own.has(path)));
  const deepest = [...own, ...others].filter((base) => isAtOrBelow(pathname, base)).sort((a, b) => b.length - a.length)[0];
  if (deepest === undefined || others.has(deepest)) return false;
  for (const other of others) {
    if (!other.endsWith('/new')) continue;
    const area = other.slice(0, -'/new'.length);
    const rest = pathname.slice(area.length + 1).split('/');
    if (pathname.startsWith(`${area}/`) && rest.length === 2 && rest[1] === 'edit') return false;
  }
  return true;
}
