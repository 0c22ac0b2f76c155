import { NavLink } from 'react-router';
import { cn } from '../../lib/class-names.ts';

const tabs = [
  { label: 'General', to: '/settings/general' },
  { label: 'Products', to: '/settings/products' },
  { label: 'Rewards', to: '/settings/rewards?tab=points' },
  { label: 'Gift cards', to: '/settings/gift-cards' },
  { label: 'Cashier rights', to: '/settings/cashier-rights' },
  { label: 'Backups', to: '/settings/backups' },
];

/**
 * The tab bar at the top of every settings page. The navigation's Settings group lists only
 * Rewards (SPEC.md §2), so the other settings pages are reached from here.
 */
export function SettingsTabs() {
  return (
    <nav aria-label="Settings sections" className="mb-6 border-b border-gray-200">
      <ul className="-mb-px flex gap-6">
        {tabs.map((tab) => (
          <li key={tab.to}>
            <NavLink
              to={tab.to}
              className={({ isActive }) =>
                cn(
                  'inline-block border-b-2 px-1 pb-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-indigo-600',
                  isActive ? 'border-indigo-600 text-indigo-700' : 'border-transparent text-gray-600 hover:border-gray-300 hover:text-gray-900',
                )
              }
            >
              {tab.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
