import type { User } from '@tillbook/contract';
import { userTypeLabels } from '@tillbook/contract';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { useLogout } from './api/logout.ts';
import { ProfileDialog } from './profile-dialog.tsx';

type AccountBoxProps = { user: User };

/** The signed-in username and the Logout button at the foot of the navigation (SPEC §2). */
export function AccountBox({ user }: AccountBoxProps) {
  const logout = useLogout();
  const [isProfileOpen, setIsProfileOpen] = useState(false);
  const initial = user.username.slice(0, 1).toUpperCase();

  return (
    <div data-testid="account-box" className="flex shrink-0 items-center gap-2.5 border-t border-gray-200 px-4 py-4">
      <span
        aria-hidden="true"
        className="flex size-8 shrink-0 items-center justify-center rounded-full bg-indigo-100 text-sm font-semibold text-indigo-700"
      >
        {initial}
      </span>
      <div className="min-w-0 flex-1">
        <button
          type="button"
          className="block max-w-full truncate text-sm font-medium text-gray-900 hover:text-indigo-700 hover:underline"
          title="My profile"
          onClick={() => setIsProfileOpen(true)}
        >
          {user.username}
        </button>
        <ProfileDialog user={user} open={isProfileOpen} onClose={() => setIsProfileOpen(false)} />
        <p className="truncate text-xs text-gray-500">{userTypeLabels[user.type]}</p>
      </div>
      <Button
        variant="secondary"
        className="px-2 py-1.5 text-xs"
        disabled={logout.isPending}
        onClick={() => logout.mutate()}
      >
        Logout
      </Button>
    </div>
  );
}
