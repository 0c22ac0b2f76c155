import { useEffect } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import type { User } from '@tillbook/contract';
import { AccountBox } from '../features/auth/account-box.tsx';
import { useCurrentUserQuery } from '../features/auth/api/get-current-user.ts';
import { setUser } from '../lib/auth.ts';
import { Notifications } from '../lib/notifications.tsx';
import { Navigation } from './navigation.tsx';
import { NotAllowedPage } from '../components/not-allowed-page.tsx';
import { PageLoading } from '../components/page-loading.tsx';
import { AppProviders } from './providers.tsx';
import { RequireUser } from './require-user.tsx';
import { canOpenScreen } from './screen-access.ts';

/** Route component of everything but /login (SPEC.md §2 "Shell"). */
export function ShellRoute() {
  return (
    <RequireUser>
      {(user) => (
        <AppProviders>
          <Shell user={user} />
        </AppProviders>
      )}
    </RequireUser>
  );
}

/** A fixed 240px navigation on the left and the scrolling content area beside it. */
export function Shell({ user }: { user: User }) {
  useSessionCheck();
  const navigation = useNavigation();
  const isLoadingScreen = navigation.state === 'loading';
  // Another type's screen opened by its address: a plain "not allowed", not a form whose saves fail.
  const { pathname } = useLocation();

  return (
    <div className="min-h-screen bg-gray-50 print:bg-white">
      <a
        href="#content"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:text-sm focus:shadow"
      >
        Skip to content
      </a>
      {/* SPEC §9: the navigation is 240px wide (border included: Tailwind boxes are border-box). */}
      <Navigation
        key={user.type}
        userType={user.type}
        footer={<AccountBox user={user} />}
        className="fixed inset-y-0 left-0 z-30 h-screen w-[240px] border-r border-gray-200 print:hidden"
      />
      {/* Printed (a report), the page is the content alone, at its full length. */}
      <main id="content" tabIndex={-1} className="ml-[240px] h-screen overflow-auto focus:outline-none print:ml-0 print:h-auto print:overflow-visible">
        {canOpenScreen(user.type, pathname) ? <Outlet /> : <NotAllowedPage userType={user.type} />}
      </main>
      <Notifications />
      {isLoadingScreen && (
        // Over the content area only; fades in late so quick screen changes do not flicker.
        <div className="fixed inset-y-0 right-0 left-[240px] z-20 flex animate-[fade-in_150ms_ease-out_200ms_both] items-center justify-center bg-gray-50/70">
          <PageLoading />
        </div>
      )}
    </div>
  );
}

/** Confirms the session with GET /api/user in the background and keeps the stored user fresh. */
function useSessionCheck() {
  const { data } = useCurrentUserQuery();
  useEffect(() => {
    // A 401 answer has already signed the user out (lib/http.ts).
    if (data) setUser(data);
  }, [data]);
}
