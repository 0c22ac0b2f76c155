import { defaultShopSettings, type ShopSettings } from '@tillbook/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { http } from '../../lib/http.ts';
import { Notifications } from '../../lib/notifications.tsx';
import { GeneralSettingsPage } from './general-settings-page.tsx';
import { ProductSettingsPage } from './product-settings-page.tsx';

export function buildSettings(overrides: Partial<ShopSettings> = {}): ShopSettings {
  return { ...defaultShopSettings, ...overrides };
}

/** Answers GET calls by path; anything else is a 404 as the server would say. */
export function answerGets(answers: Record<string, () => Promise<unknown>>) {
  return vi.spyOn(http, 'get').mockImplementation((url: string) => {
    const answer = answers[url];
    if (!answer) return Promise.reject(new Error(`unexpected GET ${url}`));
    return answer().then((data) => ({ data }));
  });
}

/** The settings screens with their own query cache, as the shell would show them. */
export function renderSettings(path: '/settings/general' | '/settings/products') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/settings/general', Component: GeneralSettingsPage },
      { path: '/settings/products', Component: ProductSettingsPage },
      { path: '/taxes', element: <h1>Taxes screen</h1> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <Notifications />
    </QueryClientProvider>,
  );
  return { client, router };
}
