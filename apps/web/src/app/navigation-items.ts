import type { ComponentType } from 'react';
import type { UserType } from '@tillbook/contract';
import {
  AnalyticsIcon,
  CouponsIcon,
  CustomersIcon,
  DashboardIcon,
  GiftCardsIcon,
  GoodsOrdersIcon,
  OrdersIcon,
  OutletsIcon,
  PrintingLabelIcon,
  ProductsIcon,
  ReceiptsIcon,
  RegistersIcon,
  RewardsIcon,
  SettingsIcon,
  StaffIcon,
  SuppliersIcon,
  TaxesIcon,
} from './navigation-icons.tsx';
import type { IconProps } from './navigation-icons.tsx';

export type NavSubItem = { label: string; to: string };

export type NavLinkItem = { kind: 'link'; label: string; to: string; icon: ComponentType<IconProps> };

export type NavGroupItem = {
  kind: 'group';
  id: string;
  label: string;
  icon: ComponentType<IconProps>;
  items: NavSubItem[];
};

export type NavItem = NavLinkItem | NavGroupItem;

/** SPEC.md §2 "Navigation menu", in its order. */
export const administratorNavigation: NavItem[] = [
  { kind: 'link', label: 'Dashboard', to: '/dashboard', icon: DashboardIcon },
  {
    kind: 'group',
    id: 'products',
    label: 'Products',
    icon: ProductsIcon,
    items: [
      { label: 'All Products', to: '/products' },
      { label: 'Add New', to: '/products/new' },
      { label: 'Categories', to: '/categories' },
      { label: 'Attributes', to: '/products/attributes' },
      { label: 'Additional charges', to: '/products/additional-charges' },
      // Issue 13 keeps stock control beside the products it moves.
      { label: 'Stock transfers', to: '/stock-transfers' },
      { label: 'Stock counts', to: '/stock-counts' },
      { label: 'Stock movements', to: '/stock-movements' },
    ],
  },
  {
    kind: 'group',
    id: 'outlets',
    label: 'Outlets',
    icon: OutletsIcon,
    items: [
      { label: 'All Outlets', to: '/outlets' },
      { label: 'Add New', to: '/outlets/new' },
    ],
  },
  {
    kind: 'group',
    id: 'coupons',
    label: 'Coupons',
    icon: CouponsIcon,
    items: [
      { label: 'All Coupons', to: '/coupons' },
      { label: 'Add New', to: '/coupons/new' },
    ],
  },
  {
    kind: 'group',
    id: 'receipts',
    label: 'Receipts',
    icon: ReceiptsIcon,
    items: [
      { label: 'All Receipts', to: '/receipts' },
      { label: 'Add New', to: '/receipts/new' },
    ],
  },
  {
    kind: 'group',
    id: 'registers',
    label: 'Registers',
    icon: RegistersIcon,
    items: [
      { label: 'All Registers', to: '/registers' },
      { label: 'Add New', to: '/registers/new' },
    ],
  },
  {
    kind: 'group',
    id: 'taxes',
    label: 'Taxes',
    icon: TaxesIcon,
    items: [
      { label: 'All Taxes', to: '/taxes' },
      { label: 'Add New', to: '/taxes/new' },
    ],
  },
  { kind: 'link', label: 'Orders', to: '/orders', icon: OrdersIcon },
  { kind: 'link', label: 'Customers', to: '/customers', icon: CustomersIcon },
  { kind: 'link', label: 'Gift cards', to: '/gift-cards', icon: GiftCardsIcon },
  { kind: 'link', label: 'Staff', to: '/users', icon: StaffIcon },
  { kind: 'link', label: 'Suppliers', to: '/suppliers', icon: SuppliersIcon },
  { kind: 'link', label: 'Goods Orders', to: '/goods-orders', icon: GoodsOrdersIcon },
  { kind: 'link', label: 'Labels', to: '/printing-labels', icon: PrintingLabelIcon },
  { kind: 'link', label: 'Rewards', to: '/rewards', icon: RewardsIcon },
  {
    kind: 'group',
    id: 'settings',
    label: 'Settings',
    icon: SettingsIcon,
    // SPEC §2 lists Settings (Rewards); the shop's general and product settings sit beside it.
    items: [
      { label: 'General', to: '/settings/general' },
      { label: 'Products', to: '/settings/products' },
      { label: 'Rewards', to: '/settings/rewards?tab=points' },
      { label: 'Audit log', to: '/settings/audit' },
      { label: 'Backups', to: '/settings/backups' },
    ],
  },
  {
    kind: 'group',
    id: 'reports',
    label: 'Reports',
    icon: AnalyticsIcon,
    items: [
      { label: 'Revenue', to: '/analytics?path=revenue' },
      { label: 'Orders', to: '/analytics?path=orders' },
      { label: 'Products', to: '/analytics?path=products' },
      { label: 'Taxes', to: '/analytics?path=taxes' },
      { label: 'Stock', to: '/analytics?path=stock' },
      { label: 'Profits', to: '/analytics?path=profits' },
      { label: 'Refunds', to: '/analytics?path=refunds' },
      { label: 'Inventory', to: '/analytics?path=inventory' },
    ],
  },
];

/** SPEC.md §6: a cashier sees only Registers (All Registers, not Add New) and Customers. */
export const cashierNavigation: NavItem[] = [
  {
    kind: 'group',
    id: 'registers',
    label: 'Registers',
    icon: RegistersIcon,
    items: [{ label: 'All Registers', to: '/registers' }],
  },
  { kind: 'link', label: 'Customers', to: '/customers', icon: CustomersIcon },
];

export const navigationByType: Record<UserType, NavItem[]> = {
  administrator: administratorNavigation,
  cashier: cashierNavigation,
};

function pathnameOf(to: string): string {
  return to.split('?')[0] ?? to;
}

/** True when `pathname` is `base` or a screen beneath it ("/products/7/edit" under "/products"). */
function isAtOrBelow(pathname: string, base: string): boolean {
  return pathname === base || pathname.startsWith(`${base}/`);
}

/** The group that holds the current screen, so it can start open. */
export function findGroupOf(items: NavItem[], pathname: string): string | null {
  for (const item of items) {
    if (item.kind === 'group' && item.items.some((sub) => isAtOrBelow(pathname, pathnameOf(sub.to)))) {
      return item.id;
    }
  }
  return null;
}

/**
 * The sub-entry that is the current screen, by its `to`. Entries sharing a path are told apart
 * by their query ("/analytics?path=revenue"); when none matches it exactly, the first one wins
 * ("/analytics" shows the revenue report, "/settings/rewards?tab=redemption" is still Rewards).
 * A screen below an entry (an edit form) marks that entry.
 */
export function findCurrentSubItem(items: NavSubItem[], pathname: string, search: string): string | null {
  const exactPath = items.filter((sub) => pathnameOf(sub.to) === pathname);
  // A screen below an entry (/products/attributes/3/edit) belongs to the deepest entry above it.
  const below = items
    .filter((sub) => isAtOrBelow(pathname, pathnameOf(sub.to)))
    .sort((a, b) => pathnameOf(b.to).length - pathnameOf(a.to).length)
    .slice(0, 1);
  const candidates = exactPath.length ? exactPath : below;
  const current = new URLSearchParams(search);
  // A report is named `report` (issue 12) as well as SPEC's `path`; `report` wins, as on the screen.
  const report = current.get('report');
  if (report) current.set('path', report);
  const exact = candidates.find((sub) => {
    const query = new URLSearchParams(sub.to.split('?')[1] ?? '');
    return [...query].every(([key, value]) => current.get(key) === value);
  });
  return (exact ?? candidates[0])?.to ?? null;
}
