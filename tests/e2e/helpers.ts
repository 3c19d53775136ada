/** Shared steps for the end-to-end specs: sign-in through the real login page, API tokens. */
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../support/e2eServer';

export { DEMO_PASSWORD };

/** Persian digits for display comparisons (the grid shows Persian digits). */
export function toPersianDigits(text: string): string {
  return text.replace(/[0-9]/g, (digit) => '۰۱۲۳۴۵۶۷۸۹'[Number(digit)] ?? digit);
}

/**
 * A text field by its label's accessible name, exactly. (Required fields show a «*» after the
 * label text, which getByLabel with exact matching would have to spell out.)
 */
export function field(scope: Page | Locator, label: string): Locator {
  return scope.getByRole('textbox', { name: label, exact: true });
}

/** Fills the login form by its Persian labels and presses «ورود». */
export async function submitLogin(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login');
  await field(page, 'نام کاربری').fill(username);
  await field(page, 'رمز عبور').fill(password);
  await page.getByRole('button', { name: 'ورود', exact: true }).click();
}

/** Signs in as a demo user and waits until the shell (with its «خروج» button) is shown. */
export async function signIn(page: Page, username: string): Promise<void> {
  await submitLogin(page, username, DEMO_PASSWORD);
  await expect(page).not.toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'خروج', exact: true })).toBeVisible();
}

/** An access token from POST /Token (password grant), for direct API checks. */
export async function apiToken(request: APIRequestContext, username: string): Promise<string> {
  const response = await request.post('/Token', {
    form: { grant_type: 'password', username, password: DEMO_PASSWORD },
  });
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { access_token?: unknown };
  expect(typeof body.access_token).toBe('string');
  return body.access_token as string;
}
