import { Link } from 'react-router';
import { cn } from '../../lib/class-names.ts';

export type TabLink = { key: string; label: string; to: string };

type TabLinksProps = { label: string; tabs: TabLink[]; current: string };

/** Tabs that are links: each tab has its own address, so back/forward and shared links work. */
export function TabLinks({ label, tabs, current }: TabLinksProps) {
  return (
    <nav aria-label={label} className="mb-6 border-b border-gray-200">
      <ul className="-mb-px flex gap-1">
        {tabs.map((tab) => {
          const isCurrent = tab.key === current;
          return (
            <li key={tab.key}>
              <Link
                to={tab.to}
                aria-current={isCurrent ? 'page' : undefined}
                className={cn(
                  'inline-block border-b-2 px-4 py-2 text-sm font-medium',
                  isCurrent ? 'border-indigo-600 text-indigo-700' : 'border-transparent text-gray-600 hover:border-gray-300 hover:text-gray-900',
                )}
              >
                {tab.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
