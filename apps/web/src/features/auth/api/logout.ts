import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { setUser } from '../../../lib/auth.ts';
import { getHttpStatus, http } from '../../../lib/http.ts';
import { loginPath } from '../../../lib/redirect.ts';

export async function logout(): Promise<void> {
  // A 401 here is handled below (the session is gone anyway), not by a full page load.
  await http.post('/api/logout', undefined, { skipAuthRedirect: true });
}

/** SPEC.md §8: signed out locally on success or 401; any other failure is only logged. */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  function signOutLocally() {
    setUser(null);
    // The next person at this till must not see the previous user's cached data.
    queryClient.clear();
    void navigate(loginPath, { replace: true });
  }

  return useMutation({
    mutationFn: logout,
    onSuccess: signOutLocally,
    onError: (error) => {
      if (getHttpStatus(error) === 401) signOutLocally();
      else console.error('Logout failed.', error);
    },
  });
}
