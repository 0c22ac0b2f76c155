import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Demo accounts that `npm run demo` creates (README). */
export const demo = {
  admin: { username: 'admin', password: 'password' },
  cashier: { username: 'cashier', password: 'password' },
} as const;

export async function fillLogin(page: Page, username: string, password: string) {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
}

export async function signIn(page: Page, account: { username: string; password: string }, path = '/login') {
  await page.goto(path);
  await fillLogin(page, account.username, account.password);
  await page.getByRole('button', { name: 'Login' }).click();
}

export async function storedUser(page: Page): Promise<unknown> {
  return page.evaluate(() => JSON.parse(window.localStorage.getItem('user') ?? 'null'));
}

export function mainNav(page: Page) {
  return page.getByRole('navigation', { name: 'Main navigation' });
}

export async function expectSignedInAs(page: Page, username: string) {
  await expect(page.getByTestId('account-box')).toContainText(username);
}

/** The API as the signed-in page calls it, with the XSRF header every write needs: for seeding what a spec is not about. */
export async function adminApi(page: Page) {
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value;
  const post = async <T = Record<string, unknown>>(url: string, data: unknown): Promise<T> => {
    const res = await page.request.post(url, { data, headers: { 'x-xsrf-token': xsrf } });
    expect(res.status(), `${url}: ${await res.text()}`).toBeLessThan(300);
    return ((await res.json()) as { data: T }).data;
  };
  const put = async <T = Record<string, unknown>>(url: string, data: unknown): Promise<T> => {
    const res = await page.request.put(url, { data, headers: { 'x-xsrf-token': xsrf } });
    expect(res.status(), `${url}: ${await res.text()}`).toBeLessThan(300);
    return ((await res.json()) as { data: T }).data;
  };
  const get = async <T = unknown>(url: string): Promise<T> => ((await (await page.request.get(url)).json()) as { data: T }).data;
  return { post, put, get };
}

/** A full-page screenshot into E2E_SCREENSHOTS when it is set (to look at the screens by hand); nothing otherwise. */
export async function shot(page: Page, name: string): Promise<void> {
  const folder = process.env.E2E_SCREENSHOTS;
  if (folder) await page.screenshot({ path: `${folder}/${name}.png`, fullPage: true });
}

/** Serious and critical accessibility violations on the screen as it is now (WCAG 2.1 A and AA, as accessibility.spec.ts checks pages). */
export async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').flatMap((v) => v.nodes.map((node) => `${v.id} at ${node.target.join(' ')}`));
}
