/** The shell's routes and guards, rendered with the real route table in a memory router. */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, configure, render, screen, waitFor } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { routes } from '../../../src/router';
import { storeMenu } from '../../../runtime/menu/menu';
import { saveTokens } from '../../../runtime/auth/tokens';
import { setCurrentPeriod } from '../../../runtime/period/current';
import { connectToastSink, type ToastRequest } from '../../../runtime/ui/toasts';
import { setupI18n } from '../support/i18n';

// The first render loads the lazy chunks; on a busy 2-core machine that can exceed 1 s.
configure({ asyncUtilTimeout: 8000 });

let toasts: ToastRequest[];

function jwt(claims: Record<string, unknown>): string {
  const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${b64({ alg: 'HS256' })}.${b64(claims)}.c2ln`;
}

function signIn(claims: Record<string, unknown>) {
  saveTokens(
    {
      access_token: jwt({ name: 'کاربر آزمون', exp: 4_000_000_000, ...claims }),
      refresh_token: 'r',
      expires_in: 900,
      refresh_expires_in: 3600,
      token_type: 'bearer',
    },
    false,
  );
  setCurrentPeriod({ Id: 2, PeriodName: 'سال مالی 1405' });
  storeMenu(
    [
      {
        route: '/supplyChain',
        title: 'زنجیره تأمین',
        children: [{ route: '/supplyChain/vendor', title: 'تأمین‌کنندگان' }],
      },
    ],
    'fa',
  );
}

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <FluentProvider theme={webLightTheme} dir="rtl">
      <RouterProvider router={router} />
    </FluentProvider>,
  );
  return router;
}

beforeAll(setupI18n);
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  toasts = [];
  connectToastSink((t) => toasts.push(t));
});
afterEach(() => cleanup());

describe('shell routes', () => {
  it('without a token a module route goes to the login form with labelled fields', async () => {
    const router = renderAt('/sales/customer');
    await screen.findByRole('button', { name: 'ورود' });
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByLabelText(/نام کاربری/)).toBeTruthy();
    expect(screen.getByLabelText(/رمز عبور/)).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'مرا به خاطر بسپار' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'رمز عبور را فراموش کرده‌اید؟' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
  });

  it('change password is reachable without a token and asks the username', async () => {
    renderAt('/security/changePassword');
    await screen.findByRole('button', { name: 'تغییر رمز' });
    expect(screen.getByLabelText(/نام کاربری/)).toBeTruthy();
    expect(screen.getByLabelText(/تکرار رمز عبور جدید/)).toBeTruthy();
  });

  it('a signed-in user on /login is sent to the dashboard, with the menu as links', async () => {
    signIn({});
    const router = renderAt('/login');
    await screen.findByText('کاربر آزمون، خوش آمدید');
    expect(router.state.location.pathname).toBe('/');
    const links = screen.getAllByRole('link', { name: 'تأمین‌کنندگان' });
    expect(links[0]!.getAttribute('href')).toBe('/supplyChain/vendor');
    expect(screen.getByRole('button', { name: 'خروج' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('داشبورد | سال مالی ۱۴۰۵'));
    expect(localStorage.getItem('pageTitle')).toBe('داشبورد | سال مالی ۱۴۰۵');
  });

  it('a vendor outside the modules of the menu is refused with the toast and sent to the root', async () => {
    signIn({ isVendor: true });
    const router = renderAt('/sales/customer');
    await screen.findByText('کاربر آزمون، خوش آمدید');
    expect(router.state.location.pathname).toBe('/');
    expect(toasts.map((t) => t.text)).toEqual(['YouDoNotHavePermissionToAccessThisSection']);
  });

  it('an unknown path shows the not-found page', async () => {
    renderAt('/no/such/page/here');
    expect(await screen.findByText('صفحه مورد نظر پیدا نشد.')).toBeTruthy();
  });
});
