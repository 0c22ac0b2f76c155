import { useEffect, useId, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import type { UserType } from '@tillbook/contract';
import { Logo } from '../components/logo.tsx';
import { cn } from '../lib/class-names.ts';
import { ChevronIcon } from './navigation-icons.tsx';
import { findCurrentSubItem, findGroupOf, navigationByType } from './navigation-items.ts';
import type { NavGroupItem, NavLinkItem } from './navigation-items.ts';

const entryClasses =
  'flex w-full items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-indigo-600';

type NavigationProps = {
  userType: UserType;
  /** Shown below the menu: the account box. */
  footer?: ReactNode;
  /** Placement, set by the shell. */
  className?: string;
};

/**
 * The left navigation: logo, the menu of SPEC.md §2, then `footer`. Groups open one at a time;
 * the group of the current screen starts open.
 */
export function Navigation({ userType, footer, className }: NavigationProps) {
  const items = navigationByType[userType];
  const { pathname, search } = useLocation();
  const currentGroupId = findGroupOf(items, pathname);
  const [openGroupId, setOpenGroupId] = useState<string | null>(currentGroupId);

  // Moving to a screen of another group (a link in the page, back/forward) opens that group.
  const [trackedGroupId, setTrackedGroupId] = useState(currentGroupId);
  if (currentGroupId !== trackedGroupId) {
    setTrackedGroupId(currentGroupId);
    if (currentGroupId) setOpenGroupId(currentGroupId);
  }

  // A long menu scrolls: bring the current entry into view when the app opens on it.
  const menuRef = useRef<HTMLUListElement>(null);
  useEffect(() => {
    menuRef.current?.querySelector('[aria-current="page"]')?.scrollIntoView?.({ block: 'nearest' });
  }, []);

  function toggleGroup(groupId: string) {
    setOpenGroupId((open) => (open === groupId ? null : groupId));
  }

  return (
    <nav aria-label="Main navigation" className={cn('flex flex-col bg-white', className)}>
      <div className="flex h-16 shrink-0 items-center border-b border-gray-200 px-5">
        <Link to="/" className="rounded-md focus-visible:outline-2 focus-visible:outline-indigo-600">
          <Logo className="h-8" />
        </Link>
      </div>
      <ul ref={menuRef} className="flex-1 space-y-0.5 overflow-y-auto px-3 py-4">
        {items.map((item) =>
          item.kind === 'link' ? (
            <li key={item.to}>
              <TopLink item={item} />
            </li>
          ) : (
            <li key={item.id}>
              <NavGroup
                group={item}
                isOpen={openGroupId === item.id}
                onToggle={() => toggleGroup(item.id)}
                currentTo={findCurrentSubItem(item.items, pathname, search)}
              />
            </li>
          ),
        )}
      </ul>
      {footer}
    </nav>
  );
}

function TopLink({ item }: { item: NavLinkItem }) {
  const Icon = item.icon;
  return (
    <NavLink
      to={item.to}
      className={({ isActive }) =>
        cn(entryClasses, isActive ? 'bg-indigo-50 text-indigo-700' : 'text-gray-700 hover:bg-gray-100 hover:text-gray-900')
      }
    >
      {({ isActive }) => (
        <>
          <Icon className={isActive ? 'text-indigo-600' : 'text-gray-400'} />
          {item.label}
        </>
      )}
    </NavLink>
  );
}

type NavGroupProps = {
  group: NavGroupItem;
  isOpen: boolean;
  onToggle: () => void;
  currentTo: string | null;
};

function NavGroup({ group, isOpen, onToggle, currentTo }: NavGroupProps) {
  const listId = useId();
  const Icon = group.icon;
  const holdsCurrent = currentTo !== null;
  return (
    <>
      <button
        type="button"
        aria-expanded={isOpen}
        aria-controls={isOpen ? listId : undefined}
        onClick={onToggle}
        className={cn(entryClasses, holdsCurrent ? 'text-indigo-700' : 'text-gray-700', 'hover:bg-gray-100')}
      >
        <Icon className={holdsCurrent ? 'text-indigo-600' : 'text-gray-400'} />
        <span className="flex-1 text-left">{group.label}</span>
        <ChevronIcon className={cn('size-4 text-gray-400 transition-transform', isOpen && 'rotate-90')} />
      </button>
      {isOpen && (
        <ul id={listId} className="mt-0.5 mb-1 space-y-0.5 border-l border-gray-200 pl-3 ml-5">
          {group.items.map((sub) => {
            const isCurrent = sub.to === currentTo;
            return (
              <li key={sub.to}>
                <Link
                  to={sub.to}
                  // Several entries share a path and differ by query, and edit screens belong to
                  // their list's entry: findCurrentSubItem decides, not the router's path match.
                  aria-current={isCurrent ? 'page' : undefined}
                  className={cn(
                    'block rounded-md px-3 py-1.5 text-sm transition-colors focus-visible:outline-2 focus-visible:outline-indigo-600',
                    isCurrent
                      ? 'bg-indigo-50 font-medium text-indigo-700'
                      : 'text-gray-600 hover:bg-gray-100 hover:text-gray-900',
                  )}
                >
                  {sub.label}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
