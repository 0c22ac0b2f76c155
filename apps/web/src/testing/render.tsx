import type { User } from '@tillbook/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { Notifications } from '../lib/notifications.tsx';
import { signIn } from './fixtures.ts';

type RenderScreenOptions = {
  /** The address the screen opens at ("/outlets?page=2"). */
  path?: string;
  /** The route pattern the screen is mounted on ("/outlets/:id/edit"); by default `path` without its query. */
  pattern?: string;
  /** Other routes the screen may go to (a list after saving): mounted as plain pages naming their path. */
  routes?: RouteObject[];
  /** Signed in as this user (localStorage `user`, SPEC §3). */
  signedInAs?: User;
};

/**
 * The one way a web test puts a screen on the page: a fresh QueryClient (no retries), a memory
 * router at `path`, the notifications the shell shows, and a user-event session. Returns them so a test can navigate and assert.
 */
export function renderScreen(screenElement: ReactElement, options: RenderScreenOptions = {}) {
  const path = options.path ?? '/';
  if (options.signedInAs) signIn(options.signedInAs);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter([{ path: options.pattern ?? path.split('?')[0], element: screenElement }, ...(options.routes ?? [])], {
    initialEntries: [path],
  });
  const user = userEvent.setup();
  const view = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <Notifications />
    </QueryClientProvider>,
  );
  return { ...view, router, client, user };
}

/** A route that only names where the app went ("Outlets list"), for asserting navigation. */
export function landing(path: string, text: string): RouteObject {
  return { path, element: <p>{text}</p> };
}
