import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DialogHost } from '../../../renderers/dialogs/DialogHost';
import { closeAllDialogs, confirm, dialogStore, openDialog } from '../../../runtime/ui/dialogs';
import { setupI18n } from '../support/i18n';
import { serverKey } from '../../support/messages';

// Fluent + RJSF in jsdom are slow on a loaded 2-core machine; user-event typing adds up.
vi.setConfig({ testTimeout: 20_000 });

beforeAll(setupI18n);
afterEach(() => {
  act(() => closeAllDialogs());
  cleanup();
});

function host() {
  render(
    <FluentProvider theme={webLightTheme} dir="rtl">
      <DialogHost />
    </FluentProvider>,
  );
}

describe('DialogHost', () => {
  it("shows the server's error texts as they are (never taken for keys) and closes with the Close button", async () => {
    host();
    act(
      () => void openDialog({ kind: 'error', messages: ['رکورد مورد نظر یافت نشد.', 'form.confirmDelete'] }),
    );
    expect(await screen.findByText('رکورد مورد نظر یافت نشد.')).toBeTruthy();
    expect(screen.getByText('form.confirmDelete')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'بستن' }));
    await waitFor(() => expect(dialogStore.getState().dialogs).toHaveLength(0));
  });

  it('shows table errors with row numbers from 1 in Persian digits', async () => {
    host();
    act(
      () =>
        void openDialog({
          kind: 'tableErrors',
          messages: [],
          rows: [
            {
              TableName: 'lines',
              RowIndex: 2,
              FieldName: 'qty',
              ...serverKey('validation.required', {}, 'required'),
            },
          ],
        }),
    );
    const cells = (await screen.findAllByRole('cell')).map((c) => c.textContent);
    expect(cells).toEqual(['۳', 'qty', 'این فیلد الزامی است.']);
  });

  it('closes a business message with Escape', async () => {
    host();
    act(() => void openDialog({ kind: 'business', message: 'موجودی کافی نیست.' }));
    expect(await screen.findByText('موجودی کافی نیست.')).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(dialogStore.getState().dialogs).toHaveLength(0));
  });

  it('shows a business message in Persian digits (answers arrive with Western ones)', async () => {
    host();
    act(
      () =>
        void openDialog({ kind: 'business', message: 'اسناد بخش «انبار» تا تاریخ 1405/02/10 قفل شده‌اند.' }),
    );
    expect(await screen.findByText('اسناد بخش «انبار» تا تاریخ ۱۴۰۵/۰۲/۱۰ قفل شده‌اند.')).toBeTruthy();
  });

  it('answers confirm with yes and no', async () => {
    host();
    let answer: Promise<boolean> = Promise.resolve(false);
    act(() => void (answer = confirm('form.confirmDelete')));
    expect(await screen.findByText('آیا از حذف این رکورد اطمینان دارید؟')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'بله' }));
    await expect(answer).resolves.toBe(true);

    act(() => void (answer = confirm('form.unsaved')));
    await userEvent.click(await screen.findByRole('button', { name: 'خیر' }));
    await expect(answer).resolves.toBe(false);
    expect(dialogStore.getState().dialogs).toHaveLength(0);
  });
});
