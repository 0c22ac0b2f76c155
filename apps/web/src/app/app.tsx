import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createAppRouter } from './router.tsx';

/**
 * Renders the routed app into `root`. The router is created here, not on import, because it
 * reads the address once: after a login the address has just been replaced (see main.tsx).
 */
export function renderApp(root: Root): void {
  root.render(
    <StrictMode>
      <RouterProvider router={createAppRouter()} />
    </StrictMode>,
  );
}
