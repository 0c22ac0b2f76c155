import { useEffect, useEffectEvent, useId, useState } from 'react';
import type { FormEvent } from 'react';
import { errorMessages } from '@tillbook/contract';
import { Logo } from '../../components/logo.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Label } from '../../components/ui/label.tsx';
import { LoadingOverlay } from '../../components/ui/loading-overlay.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { setUser, useUser } from '../../lib/auth.ts';
import { getHttpStatus } from '../../lib/http-status.ts';
import { pageLocation } from '../../lib/page-location.ts';
import { login } from './api/login.ts';
import { getPostLoginTarget } from './post-login-target.ts';
import type { PostLoginTarget } from './post-login-target.ts';

type LoginPageProps = {
  /** The redirect_to query parameter, if any. */
  redirectTo: string | null;
  /** In-app navigation with history replaced, to the signed-in user's home. */
  onNavigate: (path: string) => void;
  /** Called as the login request starts (the standalone screen starts loading the app then). */
  onLoginStart?: () => void;
};

/**
 * SPEC.md §2 Login. No client-side checks on the fields (SPEC §5): the server decides.
 * It imports neither React Router nor TanStack Query: opened directly, /login renders without
 * them and stays under its JavaScript budget (DESIGN.md §9); see main.tsx and login-route.tsx.
 */
export function LoginPage({ redirectTo, onNavigate, onLoginStart }: LoginPageProps) {
  const user = useUser();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [isProcessing, setIsProcessing] = useState(false);
  const [errorMessage, setErrorMessage] = useState<string | null>(null);
  const usernameId = useId();
  const passwordId = useId();
  const errorId = useId();

  function goTo(target: PostLoginTarget) {
    if (target.kind === 'page') pageLocation.assign(target.path);
    else onNavigate(target.path);
  }

  // Already signed in (on opening, or from another tab): leave at once. Not while this form's
  // own login runs: it moves on by itself.
  const isLeaving = user !== null && !isProcessing;
  const leaveForSignedInUser = useEffectEvent(() => {
    if (user && !isProcessing) goTo(getPostLoginTarget(user.type, redirectTo));
  });
  useEffect(() => {
    if (user) leaveForSignedInUser();
  }, [user]);

  if (isLeaving) return <LoadingOverlay />;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isProcessing) return;
    setIsProcessing(true);
    setErrorMessage(null);
    onLoginStart?.();
    try {
      const signedIn = await login({ email: username, password });
      setUser(signedIn);
      // Stays "Processing" until the next screen replaces this one.
      goTo(getPostLoginTarget(signedIn.type, redirectTo));
    } catch (error) {
      setIsProcessing(false);
      // SPEC §8: only a 422 explains itself; throttling, server and network failures stay silent.
      if (getHttpStatus(error) === 422) setErrorMessage(errorMessages.invalidCredentials);
    }
  }

  return (
    <main className="flex min-h-screen items-center justify-center bg-gray-50 px-4 py-12">
      <title>Login · Tillbook</title>
      <div className="w-full max-w-sm">
        <div className="mb-8 flex justify-center">
          <Logo className="h-11" />
        </div>
        <div className="rounded-xl border border-gray-200 bg-white px-6 py-8 shadow-sm sm:px-8">
          <h1 className="mb-6 text-center text-2xl font-semibold tracking-tight text-gray-900">Welcome back!</h1>
          <form className="space-y-5" onSubmit={handleSubmit} noValidate>
            <div className="space-y-1.5">
              <Label htmlFor={usernameId}>Username</Label>
              <TextInput
                id={usernameId}
                name="username"
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                // The screen has one purpose; focusing the first field saves a click at the till.
                autoFocus
                value={username}
                onChange={(event) => setUsername(event.target.value)}
                invalid={errorMessage !== null}
                aria-describedby={errorMessage ? errorId : undefined}
              />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor={passwordId}>Password</Label>
              <TextInput
                id={passwordId}
                name="password"
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                invalid={errorMessage !== null}
                aria-describedby={errorMessage ? errorId : undefined}
              />
            </div>
            {errorMessage && (
              <p id={errorId} role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
                {errorMessage}
              </p>
            )}
            <Button type="submit" className="w-full py-2.5" disabled={isProcessing}>
              {isProcessing ? 'Processing' : 'Login'}
            </Button>
          </form>
        </div>
      </div>
      {isProcessing && <LoadingOverlay />}
    </main>
  );
}
