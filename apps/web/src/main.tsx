import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { ErrorScreen } from './app/error-screen.tsx';
import { loadApp } from './app/load-app.ts';
import { FullPageLoading } from './components/page-loading.tsx';
import { StandaloneLogin } from './app/standalone-login.tsx';
import { initSentry } from './lib/sentry.ts';
import { loginPath } from './lib/redirect.ts';
import './index.css';

// Not awaited: the app must neither wait for nor depend on error reporting.
void initSentry();

/** Loads the routed app and shows it; if its code cannot be downloaded, the error screen. */
async function startApp(root: Root): Promise<void> {
  try {
    const { renderApp } = await loadApp();
    renderApp(root);
  } catch (error) {
    root.render(<ErrorScreen error={error} />);
  }
}

let hasEnteredApp = false;

/** After login: in-app navigation with history replaced (SPEC §2), then the app takes over. Once. */
function enterApp(root: Root, path: string): void {
  if (hasEnteredApp) return;
  hasEnteredApp = true;
  window.history.replaceState(null, '', path);
  void startApp(root);
}

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');
const root = createRoot(container);

if (window.location.pathname === loginPath) {
  root.render(
    <StrictMode>
      <StandaloneLogin onEnterApp={(path) => enterApp(root, path)} />
    </StrictMode>,
  );
} else {
  root.render(<FullPageLoading />);
  void startApp(root);
}
