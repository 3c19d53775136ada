/** The shell's own toasts and sheet, drawn from the headless stores, and the map formatter. */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, configure, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { ToastContainer } from 'react-toastify/unstyled';
import i18next from 'i18next';
import { ManualClock, useClock } from '../../../runtime/clock';
import { expiryStore } from '../../../runtime/auth/expiry';
import { closeInstallSheet, installStore } from '../../../runtime/install/installPrompt';
import { createUpdateFlow } from '../../../runtime/update/updateFlow';
import { ExpiryToast } from '../../../src/pwa/ExpiryToast';
import { InstallSheet } from '../../../src/pwa/InstallSheet';
import { UpdateToasts } from '../../../src/pwa/UpdateToasts';
import { distanceText, instructionText } from '../../../src/map/formatter';
import { setupI18n } from '../support/i18n';

configure({ asyncUtilTimeout: 8000 });
beforeAll(setupI18n);

let clock: ManualClock;
beforeEach(() => {
  clock = new ManualClock();
  useClock(clock);
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  useClock(null);
  expiryStore.setState({ remaining: null });
  closeInstallSheet();
});

function shell(children: React.ReactNode) {
  return render(
    <FluentProvider theme={webLightTheme} dir="rtl">
      <ToastContainer rtl />
      {children}
    </FluentProvider>,
  );
}

describe('shell toasts and sheet', () => {
  it('the session-expiry toast shows the seconds in Persian digits and follows the store', async () => {
    shell(<ExpiryToast />);
    act(() => expiryStore.setState({ remaining: 119 }));
    expect(await screen.findByText('نشست شما تا ۱۱۹ ثانیه دیگر به پایان می‌رسد.')).toBeTruthy();
    act(() => expiryStore.setState({ remaining: 118 }));
    expect(await screen.findByText('نشست شما تا ۱۱۸ ثانیه دیگر به پایان می‌رسد.')).toBeTruthy();
  });

  it('the update toast counts down; Update tells the other tabs and applies the new version', async () => {
    const calls: string[] = [];
    const flow = createUpdateFlow({
      storage: sessionStorage,
      applyUpdate: () => void calls.push('apply'),
      broadcastReload: () => calls.push('broadcast'),
    });
    shell(<UpdateToasts flow={flow} />);
    act(() => flow.ready());
    expect(
      await screen.findByText('نسخه جدید آماده است. صفحه تا ۲۴۰ ثانیه دیگر به‌روز می‌شود.'),
    ).toBeTruthy();
    act(() => clock.advance(5000));
    expect(
      await screen.findByText('نسخه جدید آماده است. صفحه تا ۲۳۵ ثانیه دیگر به‌روز می‌شود.'),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'به‌روزرسانی' }));
    expect(calls).toEqual(['broadcast', 'apply']);
  });

  it('the iOS sheet lists the three Persian steps; Android offers an install button', async () => {
    shell(<InstallSheet />);
    act(() => installStore.setState({ open: 'ios' }));
    expect(await screen.findByText('گزینه «افزودن به صفحه اصلی» را انتخاب کنید.')).toBeTruthy();
    expect(screen.getByText('روی «افزودن» بزنید.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'نصب' })).toBeNull();
    act(() => installStore.setState({ open: 'android' }));
    expect(await screen.findByRole('button', { name: 'نصب' })).toBeTruthy();
  });

  it('map instructions and distances in Persian', () => {
    const t = i18next.t.bind(i18next);
    expect(instructionText(t, { type: 'Right', distance: 1, time: 1, road: 'ولیعصر' }, 'fa')).toBe(
      'به راست بپیچید در ولیعصر',
    );
    expect(instructionText(t, { type: 'Roundabout', distance: 1, time: 1, exit: 2 }, 'fa')).toBe(
      'در میدان از خروجی ۲ خارج شوید',
    );
    expect(distanceText(t, 8500, 'fa')).toBe('۸٫۵ کیلومتر');
    expect(distanceText(t, 340, 'fa')).toBe('۳۴۰ متر');
  });
});
