import { useNavigate, useSearchParams } from 'react-router';
import { redirectParam } from '../../lib/redirect.ts';
import { LoginPage } from './login-page.tsx';

/** /login inside the app's router: reached in-app, e.g. after Logout. */
export function LoginRoute() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  return (
    <LoginPage
      redirectTo={searchParams.get(redirectParam)}
      onNavigate={(path) => void navigate(path, { replace: true })}
    />
  );
}
