import { LoginPage } from '../features/auth/login-page.tsx';
import { redirectParam } from '../lib/redirect.ts';
import { loadApp } from './load-app.ts';

type StandaloneLoginProps = {
  /** Replaces the address with `path` and swaps this screen for the routed app. */
  onEnterApp: (path: string) => void;
};

/**
 * /login opened directly (first visit, after a 401, a bookmark): the login screen without the
 * router, so the page downloads only what it needs (DESIGN.md §9: under 100 KB gzipped).
 */
export function StandaloneLogin({ onEnterApp }: StandaloneLoginProps) {
  const redirectTo = new URLSearchParams(window.location.search).get(redirectParam);
  return <LoginPage redirectTo={redirectTo} onNavigate={onEnterApp} onLoginStart={() => void loadApp().catch(() => {})} />;
}
