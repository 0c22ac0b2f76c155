import { defaultShopSettings, type ShopSettings } from '@tillbook/contract';
import { landing, renderScreen } from '../../testing/render.tsx';
import { GeneralSettingsPage } from './general-settings-page.tsx';
import { ProductSettingsPage } from './product-settings-page.tsx';

/** The shop's settings as the server answers them; the shop is in New York, whatever zone runs the tests. */
export function buildSettings(overrides: Partial<ShopSettings> = {}): ShopSettings {
  return { ...defaultShopSettings, timeZone: 'America/New_York', ...overrides };
}

/** The settings screens with their own query cache, as the shell would show them. */
export function renderSettings(path: '/settings/general' | '/settings/products') {
  const screenElement = path === '/settings/general' ? <GeneralSettingsPage /> : <ProductSettingsPage />;
  return renderScreen(screenElement, { path, routes: [landing('/taxes', 'Taxes screen')] });
}
