/**
 * The report screen as the route draws it (src/pages/ReportRoute + renderers/report) in a memory
 * router, over a fake report API and fake entity clients: Persian texts and digits, exact big
 * figures, indentation and the totals row, 2/4/6/8 columns, Enter runs, the URL keeps the report
 * (back, reload), drill-down by click and by keyboard, required parameters, loading feedback,
 * export and print.
 */
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { ReportRoute } from '../../../src/pages/ReportRoute';
import type { EntityClient } from '../../../runtime/entity/types';
import type { EntityRow } from '../../../runtime/shared/definition';
import { setCurrentPeriod } from '../../../runtime/period/current';
import { setupFormDom } from '../support/formDom';
import type * as Loaders from '../../../runtime/meta/loaders';
import { fakeReportApi, type FakeReportApi } from './reportDefs';

// the lookup widget asks whether the user may read the looked-up entity: yes, without a server
vi.mock('../../../runtime/meta/loaders', async (importOriginal) => ({
  ...(await importOriginal<typeof Loaders>()),
  loadPermissions: async () => ({ view: true }),
}));

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 8000 });

beforeAll(setupFormDom);
beforeEach(() => {
  localStorage.clear();
  setCurrentPeriod({ Id: 3, PeriodName: 'سال مالی ۱۴۰۴', StartDate: '2025-03-21', EndDate: '2026-03-20' });
});
afterEach(cleanup);

const ACCOUNTS: EntityRow[] = [
  { id: 7, version: 1, code: '1101', name: 'صندوق' },
  { id: 8, version: 1, code: '1102', name: 'بانک‌ها' },
];

const accounts = {
  get: async (id: number) => ACCOUNTS.find((r) => r.id === id)!,
  getList: async () => ({ rows: ACCOUNTS, lastRow: ACCOUNTS.length }),
} as unknown as EntityClient;

/** Where the router is (a drill-down to a record's form lands on its generated screen's route). */
function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

interface Setup {
  api: FakeReportApi;
  download: Mock<(blob: Blob, fileName: string) => void>;
  print: Mock<() => void>;
}

function renderAt(path: string, setup: Setup = { api: fakeReportApi(), download: vi.fn(), print: vi.fn() }) {
  const element = (
    <ReportRoute
      client={setup.api}
      clientFor={() => accounts}
      lookupTargetOf={async (entity) => ({ entity, displayField: 'name', codeField: 'code' })}
      download={setup.download}
      onPrint={setup.print}
    />
  );
  const router = createMemoryRouter(
    [
      { path: '/accounting/report/:report', element },
      { path: '/:module/:entity', element: <Where /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <FluentProvider theme={webLightTheme} dir="rtl">
      <RouterProvider router={router} />
    </FluentProvider>,
  );
  return { router, ...setup, user: userEvent.setup() };
}

const table = () => screen.getByRole('table', { name: 'تراز آزمایشی' });
const headers = () =>
  within(table())
    .getAllByRole('columnheader')
    .map((h) => h.textContent);
const location = (router: ReturnType<typeof createMemoryRouter>) =>
  decodeURIComponent(router.state.location.pathname + router.state.location.search);

describe('report screen', () => {
  it('draws the trial balance in Persian: parameters, exact figures, levels, the totals row', async () => {
    const { api } = renderAt('/accounting/report/trialBalance');
    await screen.findByRole('table', { name: 'تراز آزمایشی' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('تراز آزمایشی');
    // the parameter bar: the period's two Jalali dates, the selects, the switch
    const form = screen.getByRole('form', { name: 'پارامترهای گزارش' });
    const period = within(form).getByRole('group', { name: 'دوره' });
    expect(within(period).getByLabelText(/^از/)).toHaveProperty('value', '۱۴۰۴/۰۱/۰۱');
    expect(within(period).getByLabelText(/^تا/)).toHaveProperty('value', '۱۴۰۴/۱۲/۲۹');
    expect(within(form).getByLabelText(/^سطح/)).toHaveProperty('value', '2');
    expect(within(form).getByRole('switch', { name: 'با حساب‌های بی‌گردش' })).toHaveProperty(
      'checked',
      false,
    );
    expect(api.runs).toHaveLength(1);
    // the 4-column trial balance
    expect(headers()).toEqual([
      'کد حساب',
      'نام حساب',
      'گردش بدهکار',
      'گردش بستانکار',
      'مانده بدهکار',
      'مانده بستانکار',
    ]);
    const rows = within(table()).getAllByRole('row');
    expect(rows).toHaveLength(5); // header, three accounts, totals
    const first = within(rows[1]!)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(first).toEqual([
      '۱۱',
      'دارایی‌های جاری',
      '۱۲٬۳۴۵٬۶۷۸٬۹۰۱٬۲۳۴٬۵۶۷٬۸۹۰.۵۰',
      '۲٬۵۰۰٬۰۰۰',
      '۱۲٬۳۴۵٬۶۷۸٬۹۰۱٬۲۳۴٬۵۶۶٬۳۹۰.۵۰',
      '۰',
    ]);
    // a negative figure in parentheses, as accountants write it
    expect(within(rows[3]!).getAllByRole('cell')[5]!.textContent).toBe('(۹٬۰۰۷٬۱۹۹٬۲۵۴٬۷۴۰٬۹۹۳)');
    // levels: a subsidiary row is indented under its general account
    expect(rows[1]!.getAttribute('data-level')).toBe('1');
    expect(rows[2]!.getAttribute('data-level')).toBe('2');
    const indented = within(rows[2]!).getAllByRole('cell')[0]!.querySelector('span');
    expect(indented?.style.paddingInlineStart).toBe('16px');
    // the totals row
    const totals = within(rows[4]!)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(totals).toEqual([
      'جمع',
      '',
      '۱۲٬۳۴۵٬۶۷۸٬۹۰۱٬۲۳۵٬۸۱۷٬۸۹۰.۵۰',
      '۲٬۵۰۰٬۰۰۰',
      '۱۲٬۳۴۵٬۶۷۸٬۹۰۱٬۲۳۵٬۸۱۷٬۳۹۰.۵۰',
      '(۹٬۰۰۷٬۱۹۹٬۲۵۴٬۷۴۰٬۹۹۳)',
    ]);
    // Persian digits everywhere in the table and the parameter line
    expect(table().textContent).not.toMatch(/[0-9]/);
    const line = document.querySelector('[data-param-line]')!.textContent;
    expect(line).toBe(
      'دوره: ۱۴۰۴/۰۱/۰۱ تا ۱۴۰۴/۱۲/۲۹ · سطح: کل · ستون‌ها: ۴ ستونی · با حساب‌های بی‌گردش: خیر',
    );
  });

  it('8 columns chosen and Enter pressed: the URL keeps them, back shows the 4 again, reload keeps them', async () => {
    const { router, user, api } = renderAt('/accounting/report/trialBalance');
    await screen.findByRole('table', { name: 'تراز آزمایشی' });
    await user.selectOptions(screen.getByLabelText(/^ستون‌ها/), '8');
    await user.type(screen.getByLabelText(/^از/), '{Enter}');
    await waitFor(() => expect(headers()).toHaveLength(10));
    expect(location(router)).toBe(
      '/accounting/report/trialBalance?period=2025-03-21/2026-03-20&level=2&columns=8&withZero=false',
    );
    expect(api.runs.at(-1)!.params.columns).toBe('8');
    await router.navigate(-1);
    await waitFor(() => expect(headers()).toHaveLength(6));
    expect(screen.getByLabelText(/^ستون‌ها/)).toHaveProperty('value', '4');
    await router.navigate(1);
    await waitFor(() => expect(headers()).toHaveLength(10));
    const url = location(router);
    cleanup();
    // a reload: a new page at the same URL
    const again = renderAt(url);
    await screen.findByRole('table', { name: 'تراز آزمایشی' });
    expect(headers()).toHaveLength(10);
    expect(again.api.runs[0]!.params).toEqual({
      period: { from: '2025-03-21', to: '2026-03-20' },
      level: '2',
      columns: '8',
      withZero: false,
    });
  });

  it('a turnover figure drills to the ledger of its account; a voucher number opens the voucher by keyboard', async () => {
    const { router, user, api } = renderAt('/accounting/report/trialBalance');
    await screen.findByRole('table', { name: 'تراز آزمایشی' });
    const figure = screen.getByRole('link', { name: '۱٬۲۵۰٬۰۰۰، ریز گردش بدهکار' });
    expect(figure.getAttribute('href')).toBe(
      '/accounting/report/ledger?account=7&period=2025-03-21/2026-03-20',
    );
    await user.click(figure);
    await screen.findByRole('table', { name: 'دفتر معین' });
    expect(location(router)).toBe('/accounting/report/ledger?account=7&period=2025-03-21/2026-03-20');
    expect(api.runs.at(-1)).toEqual({
      report: 'accounting.ledger',
      params: { account: 7, period: { from: '2025-03-21', to: '2026-03-20' } },
    });
    // the account's lookup shows the row; the parameter line names it
    await waitFor(() => expect(screen.getByLabelText(/^حساب/)).toHaveProperty('value', '۱۱۰۱ — صندوق'));
    await waitFor(() =>
      expect(document.querySelector('[data-param-line]')!.textContent).toBe(
        'حساب: ۱۱۰۱ — صندوق · دوره: ۱۴۰۴/۰۱/۰۱ تا ۱۴۰۴/۱۲/۲۹',
      ),
    );
    // the opening balance row has no voucher: not a link
    const ledgerTable = screen.getByRole('table', { name: 'دفتر معین' });
    expect(
      within(ledgerTable)
        .getAllByRole('link')
        .map((l) => l.getAttribute('href')),
    ).toEqual(['/accounting/voucher?open=55', '/sales/invoice?open=12']);
    const voucher = within(ledgerTable).getByRole('link', { name: /V-۱۴۰۴-۰۰۰۰۵۵/ });
    voucher.focus();
    await user.keyboard('{Enter}');
    expect((await screen.findByTestId('where')).textContent).toBe('/accounting/voucher?open=55');
    // back: the ledger again, with its parameters
    await router.navigate(-1);
    await screen.findByRole('table', { name: 'دفتر معین' });
  });

  it('a required parameter left empty: a hint, nothing runs, Run names it', async () => {
    const { user, api } = renderAt('/accounting/report/ledger');
    await screen.findByRole('heading', { name: 'دفتر معین' });
    expect(screen.getByRole('status').textContent).toBe('پارامترها را وارد کنید و گزارش را اجرا کنید.');
    await user.click(screen.getByRole('button', { name: 'اجرای گزارش' }));
    expect((await screen.findByRole('alert')).textContent).toBe('«حساب» را وارد کنید.');
    expect(api.runs).toEqual([]);
    expect(screen.getByRole('button', { name: 'خروجی اکسل' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'چاپ' })).toHaveProperty('disabled', true);
  });

  it('shows that it runs; export and print act on the report shown', async () => {
    const api = fakeReportApi();
    let release = () => undefined as void;
    api.hold = new Promise<void>((resolve) => (release = resolve));
    const { user, download, print } = renderAt('/accounting/report/trialBalance', {
      api,
      download: vi.fn(),
      print: vi.fn(),
    });
    expect(await screen.findByText('در حال اجرای گزارش…')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'تراز آزمایشی' }).getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('button', { name: 'اجرای گزارش' })).toHaveProperty('disabled', true);
    release();
    await screen.findByRole('table', { name: 'تراز آزمایشی' });
    expect(screen.queryByText('در حال اجرای گزارش…')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'خروجی اکسل' }));
    await waitFor(() => expect(download).toHaveBeenCalledTimes(1));
    expect(api.exports[0]!.report).toBe('accounting.trialBalance');
    await user.click(screen.getByRole('button', { name: 'چاپ' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('an unknown report says so', async () => {
    renderAt('/accounting/report/nothing');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'این گزارش پیدا نشد یا اجازه دیدن آن را ندارید.',
    );
  });
});
