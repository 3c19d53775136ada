/**
 * The accounting reports in the real app against the real server under fa (issue #24): staff opens
 * the trial balance from the menu, switches 2/4/6/8 columns and the level (the totals balance, the
 * figures in Persian digits), drills from a figure to the ledger of that account and range (opening
 * and running balance agree with the trial balance), from a voucher to its form and its source
 * invoice and back to the voucher, exports the XLSX (its cells hold the figures on the screen) and
 * prints without the shell. A draft invoice finalised in its form moves the trial balance's
 * receivable, sales and VAT by exactly its totals. At 390×844 the trial balance fits the phone:
 * its table scrolls in its own box under the account kept in view. A customer user has no trial
 * balance in the menu and is refused it.
 */
import ExcelJS from 'exceljs';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { jalaliToIso } from '../../runtime/shared/jalali';
import { apiToken, field, signIn } from './helpers';

// the tests touch disjoint days (the first reads 1405/05–06, the second posts on 1405/07/15): they
// may run at once, on both workers
test.describe.configure({ mode: 'parallel' });

const TB = 'تراز آزمایشی';
const LEDGER = 'دفتر کل و معین';

/** Columns of the trial balance by its «ستون‌ها» choice. */
const HEADERS: Record<string, string[]> = {
  'دو ستونی': ['مانده بدهکار', 'مانده بستانکار'],
  'چهار ستونی': ['گردش بدهکار', 'گردش بستانکار', 'مانده بدهکار', 'مانده بستانکار'],
  'شش ستونی': [
    'بدهکار ابتدای دوره',
    'بستانکار ابتدای دوره',
    'گردش بدهکار',
    'گردش بستانکار',
    'مانده بدهکار',
    'مانده بستانکار',
  ],
  'هشت ستونی': [
    'بدهکار ابتدای دوره',
    'بستانکار ابتدای دوره',
    'گردش بدهکار',
    'گردش بستانکار',
    'جمع بدهکار',
    'جمع بستانکار',
    'مانده بدهکار',
    'مانده بستانکار',
  ],
};

/** A figure as shown (Persian digits, «٬» between thousands, a negative in parentheses). */
function figure(text: string): number {
  const t = text.trim();
  expect(t, `«${t}» is a figure in Persian digits`).toMatch(/^\(?[۰-۹][۰-۹٬]*\)?$/);
  const digits = t.replace(/[()٬]/g, '').replace(/[۰-۹]/g, (d) => String('۰۱۲۳۴۵۶۷۸۹'.indexOf(d)));
  return t.startsWith('(') ? -Number(digits) : Number(digits);
}

/** A report's table as text: header labels, body rows (the totals row apart) as header → text. */
interface Shown {
  headers: string[];
  rows: Record<string, string>[];
  totals: Record<string, string>;
}

async function readReport(page: Page, title: string): Promise<Shown> {
  const table = page.getByRole('table', { name: title });
  await expect(table).toBeVisible();
  await expect(page.locator('section[aria-busy="true"]')).toHaveCount(0);
  const { headers, cells } = await table.evaluate((t) => ({
    headers: [...t.querySelectorAll('thead th')].map((th) => th.textContent?.trim() ?? ''),
    cells: [...t.querySelectorAll('tbody tr')].map((tr) =>
      [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? ''),
    ),
  }));
  const rows = cells.map((c) => Object.fromEntries(headers.map((h, i) => [h, c[i] ?? ''])));
  const totals = rows.at(-1)!;
  expect(Object.values(totals)[0]).toBe('جمع');
  return { headers, rows: rows.slice(0, -1), totals };
}

const params = (page: Page) => page.getByRole('form', { name: 'پارامترهای گزارش' });

/** Sets the trial balance's parameters (those given) and runs it. */
async function runTrialBalance(
  page: Page,
  choice: { from?: string; to?: string; level?: string; columns?: string },
): Promise<Shown> {
  const form = params(page);
  const range = form.getByRole('group', { name: 'بازه تاریخ' });
  if (choice.from) await field(range, 'از').fill(choice.from);
  if (choice.to) await field(range, 'تا').fill(choice.to);
  if (choice.level) await form.getByRole('combobox', { name: 'سطح' }).selectOption({ label: choice.level });
  if (choice.columns)
    await form.getByRole('combobox', { name: 'ستون‌ها' }).selectOption({ label: choice.columns });
  await form.getByRole('button', { name: 'اجرای گزارش', exact: true }).click();
  if (choice.columns)
    await expect(page.getByRole('table', { name: TB }).locator('thead th').last()).toHaveText(
      'مانده بستانکار',
    );
  return readReport(page, TB);
}

/** The row of an account code (written in Persian digits) at the level shown. */
function account(shown: Shown, code: string): Record<string, string> | undefined {
  return shown.rows.find((r) => r['کد حساب'] === code);
}

/** Turnover of an account in a 4-column trial balance (0 when it has no row). */
function turnover(shown: Shown, code: string): { debit: number; credit: number } {
  const row = account(shown, code);
  return row
    ? { debit: figure(row['گردش بدهکار']!), credit: figure(row['گردش بستانکار']!) }
    : { debit: 0, credit: 0 };
}

test.describe('desktop', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test('trial balance: columns and levels, drill to the ledger, a voucher and its source, XLSX, print', async ({
    page,
  }) => {
    await signIn(page, 'staff');
    await page.getByRole('navigation', { name: 'منو' }).getByRole('link', { name: TB, exact: true }).click();
    await expect(page).toHaveURL(/\/accounting\/report\/trialBalance/);
    await expect(page.getByRole('heading', { name: TB })).toBeVisible();

    // a part of the year: balances before it are the opening ones
    const range = { from: '۱۴۰۵/۰۵/۰۱', to: '۱۴۰۵/۰۶/۳۱' };
    let shown = await runTrialBalance(page, { ...range, level: 'کل' });
    for (const [columns, figures] of Object.entries(HEADERS)) {
      shown = await runTrialBalance(page, { columns });
      expect(shown.headers).toEqual(['کد حساب', 'نام حساب', ...figures]);
      expect(shown.rows.length).toBeGreaterThan(0);
      // general accounts: two-digit codes, every figure in Persian digits
      for (const row of shown.rows) {
        expect(row['کد حساب']).toMatch(/^[۱-۹][۰-۹]$/);
        for (const h of figures) figure(row[h]!);
      }
      // the totals balance, pair by pair
      for (let i = 0; i < figures.length; i += 2)
        expect(figure(shown.totals[figures[i]!]!), figures[i]).toBe(figure(shown.totals[figures[i + 1]!]!));
    }
    await expect(page.getByRole('table', { name: TB })).not.toContainText(/[0-9]/);

    // groups, then subsidiaries
    shown = await runTrialBalance(page, { level: 'گروه' });
    for (const row of shown.rows) expect(row['کد حساب']).toMatch(/^[۱-۹]$/);
    shown = await runTrialBalance(page, { level: 'معین' });
    for (const row of shown.rows) expect(row['کد حساب']).toMatch(/^[۱-۹][۰-۹]{3}$/);
    const receivable = account(shown, '۱۲۰۱')!;
    expect(receivable, 'trade receivables have a row').toBeDefined();
    const tbUrl = page.url();

    // a figure drills to the ledger of that account and range
    await page
      .getByRole('table', { name: TB })
      .getByRole('row')
      .filter({ hasText: '۱۲۰۱' })
      .getByRole('link', { name: /گردش بدهکار/ })
      .click();
    await expect(page).toHaveURL(/\/accounting\/report\/ledger\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('account')).toMatch(/^\d+$/);
    expect(url.search).toContain(jalaliToIso('1405/05/01')!);
    expect(url.search).toContain(jalaliToIso('1405/06/31')!);
    await expect(page.getByRole('heading', { name: LEDGER })).toBeVisible();
    await expect(page.locator('[data-param-line]')).toContainText('۱۲۰۱ — حساب‌های دریافتنی تجاری');
    const ledger = await readReport(page, LEDGER);

    // the opening row: the balance before the range, as the trial balance's opening columns
    const [opening, ...lines] = ledger.rows;
    expect(opening!['شرح']).toBe('مانده از قبل');
    expect(opening!['تاریخ']).toBe(range.from);
    const signed = (row: Record<string, string>) =>
      (row['تشخیص'] === 'بستانکار' ? -1 : 1) * figure(row['مانده'] || '۰');
    let balance = figure(receivable['بدهکار ابتدای دوره']!) - figure(receivable['بستانکار ابتدای دوره']!);
    expect(signed(opening!)).toBe(balance);
    // the running balance line by line, its side named, the totals the account's turnover and closing
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      balance += figure(line['بدهکار']!) - figure(line['بستانکار']!);
      expect(signed(line), line['شماره سند']).toBe(balance);
      expect(line['تشخیص']).toBe(balance > 0 ? 'بدهکار' : balance < 0 ? 'بستانکار' : '');
    }
    expect(figure(ledger.totals['بدهکار']!)).toBe(figure(receivable['گردش بدهکار']!));
    expect(figure(ledger.totals['بستانکار']!)).toBe(figure(receivable['گردش بستانکار']!));
    expect(signed(ledger.totals)).toBe(
      figure(receivable['مانده بدهکار']!) - figure(receivable['مانده بستانکار']!),
    );

    // a line posted by an invoice: its voucher opens, names its source, which opens and names it back
    const posted = lines.find((l) => l['سند مبدأ']!.startsWith('فاکتورهای فروش '));
    expect(posted, 'an invoice posted to receivables in the range').toBeDefined();
    const voucherNumber = posted!['شماره سند']!;
    const invoiceNumber = posted!['سند مبدأ']!.replace('فاکتورهای فروش ', '');
    await page
      .getByRole('table', { name: LEDGER })
      .getByRole('link', { name: new RegExp(`^${voucherNumber}`) })
      .first()
      .click();
    // (the screen opens the row of ?open= and then drops it from the address)
    await expect(page).toHaveURL(/\/accounting\/voucher(\?open=\d+)?$/);
    const voucher = page.getByRole('dialog');
    await expect(voucher).toContainText('اسناد حسابداری');
    await expect(field(voucher, 'شماره سند')).toHaveValue(voucherNumber);
    const source = voucher.locator('[data-source-link]');
    await expect(source).toHaveText(`سند مبدأ: فاکتورهای فروش ${invoiceNumber}`);
    await source.click();
    await expect(page).toHaveURL(/\/sales\/invoice(\?open=\d+)?$/);
    const invoice = page.getByRole('dialog');
    await expect(invoice).toContainText('فاکتورهای فروش');
    await expect(field(invoice, 'شماره فاکتور')).toHaveValue(invoiceNumber);
    await expect(invoice.locator('[data-posted-vouchers]')).toContainText(`سند حسابداری:`);
    await expect(
      invoice
        .locator('[data-posted-vouchers]')
        .getByRole('button', { name: new RegExp(`^${voucherNumber} `) }),
    ).toBeVisible();

    // back to the trial balance (its parameters are in its address): the XLSX holds the same figures
    await page.goto(tbUrl);
    shown = await readReport(page, TB);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'خروجی اکسل', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await download.path());
    const sheet = book.worksheets[0]!;
    const cells = (r: number) =>
      shown.headers.map((_, i) => {
        const v = sheet.getRow(r).getCell(i + 1).value;
        return v === null || v === undefined ? '' : v;
      });
    expect(cells(1)).toEqual(shown.headers);
    const figures = HEADERS['هشت ستونی']!;
    expect(sheet.rowCount).toBe(shown.rows.length + 2);
    shown.rows.forEach((row, i) => {
      const got = cells(i + 2);
      expect(got[1]).toBe(row['نام حساب']);
      expect(got.slice(2)).toEqual(figures.map((h) => figure(row[h]!)));
    });
    const totals = cells(shown.rows.length + 2);
    expect(totals[0]).toBe('جمع');
    expect(totals.slice(2)).toEqual(figures.map((h) => figure(shown.totals[h]!)));

    // print: the title, the line of parameters and the table, without the shell or the buttons
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('heading', { name: TB })).toBeVisible();
    await expect(page.getByRole('table', { name: TB })).toBeVisible();
    await expect(page.locator('[data-param-line]')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'منو' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'خروج', exact: true })).toBeHidden();
    await expect(page.getByRole('button', { name: 'اجرای گزارش', exact: true })).toBeHidden();
    await page.emulateMedia({ media: 'screen' });
    await expect(page.getByRole('navigation', { name: 'منو' })).toBeVisible();
  });

  test('a new invoice finalised in its form moves receivables, sales and VAT by exactly its totals, and its cost of sales', async ({
    page,
    request,
  }) => {
    // a day no other spec posts on, so the day's trial balance moves by this invoice alone
    const day = '۱۴۰۵/۰۷/۱۵';
    const staff = await apiToken(request, 'staff');
    const draft = await createDraftInvoice(request, staff, jalaliToIso('1405/07/15')!);

    await signIn(page, 'staff');
    await page.getByRole('navigation', { name: 'منو' }).getByRole('link', { name: TB, exact: true }).click();
    const before = await runTrialBalance(page, { from: day, to: day, level: 'معین', columns: 'چهار ستونی' });
    const tbUrl = page.url();

    await page.goto(`/sales/invoice?open=${draft}`);
    const form = page.getByRole('dialog');
    await expect(form.locator('[data-state-tag]')).toHaveText('پیش‌نویس');
    await form.getByRole('button', { name: 'قطعی کردن', exact: true }).click();
    await page
      .getByRole('dialog')
      .filter({ hasText: 'قطعی شود؟' })
      .getByRole('button', { name: 'بله' })
      .click();
    await expect(page.getByText('سند قطعی شد.')).toBeVisible();
    await expect(form.locator('[data-state-tag]')).toHaveText('قطعی');
    await expect(form.locator('[data-posted-vouchers]')).toContainText('(ثبت خودکار)');
    // its totals as the form shows them
    const total = figure(await field(form, 'جمع (ریال)').inputValue());
    const discount = figure(await field(form, 'تخفیف (ریال)').inputValue());
    const tax = figure(await field(form, 'مالیات و عوارض ارزش افزوده (ریال)').inputValue());
    const grandTotal = figure(await field(form, 'مبلغ قابل پرداخت (ریال)').inputValue());
    expect(grandTotal).toBe(total - discount + tax);
    expect(tax).toBeGreaterThan(0);

    await page.goto(tbUrl);
    const after = await readReport(page, TB);
    const moved = (code: string) => {
      const [a, b] = [turnover(after, code), turnover(before, code)];
      return { debit: a.debit - b.debit, credit: a.credit - b.credit };
    };
    expect(moved('۱۲۰۱'), 'trade receivables').toEqual({ debit: grandTotal, credit: 0 });
    expect(moved('۶۱۰۱'), 'sales').toEqual({ debit: 0, credit: total - discount });
    expect(moved('۳۲۰۱'), 'VAT payable').toEqual({ debit: 0, credit: tax });
    // the goods it ships leave inventory at their cost, into the cost of sales (docs/inventory.md)
    const cost = moved('۷۱۰۱').debit;
    expect(cost, 'cost of sales').toBeGreaterThan(0);
    expect(moved('۷۱۰۱').credit).toBe(0);
    expect(moved('۱۳۰۱'), 'inventory').toEqual({ debit: 0, credit: cost });
    // and still balances, moved by nothing else
    expect(figure(after.totals['گردش بدهکار']!)).toBe(figure(after.totals['گردش بستانکار']!));
    expect(figure(after.totals['گردش بدهکار']!) - figure(before.totals['گردش بدهکار']!)).toBe(
      grandTotal + cost,
    );
  });
});

/** A draft sales invoice of two lines dated `date` (ISO), by the API; its id. */
async function createDraftInvoice(request: APIRequestContext, token: string, date: string): Promise<number> {
  const headers = { authorization: `Bearer ${token}` };
  const first = async (path: string, filterModel: object = {}) => {
    const answer = await request.post(`/api/${path}/GetList`, {
      headers,
      data: { startRow: 0, endRow: 1, filterModel },
    });
    expect(answer.ok(), await answer.text()).toBe(true);
    return ((await answer.json()) as { Data: { rows: { id: number }[] } }).Data.rows[0]!.id;
  };
  const [customer, item] = [
    await first('Sales/Customer', { code: { filterType: 'text', type: 'equals', filter: 'C-0001' } }),
    // tea: taxed at the general rate (the first item, rice, is exempt; the item's code decides: docs/tax.md)
    await first('Inventory/Item', { code: { filterType: 'text', type: 'equals', filter: 'K-0004' } }),
  ];
  const answer = await request.post('/api/Sales/Invoice/Create', {
    headers,
    data: {
      values: {
        customer,
        date,
        description: `فاکتور آزمون تراز ${String(Date.now()).slice(-6)}`,
        lines: [
          { item, quantity: 3, unitPrice: 1_250_000 },
          { item, quantity: 1, unitPrice: 730_000 },
        ],
      },
    },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  return ((await answer.json()) as { Data: { id: number } }).Data.id;
}

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the 8-column trial balance fits: no page overflow, its table scrolls under the account kept in view', async ({
    page,
  }) => {
    await signIn(page, 'staff');
    await page.getByRole('button', { name: 'باز کردن منو', exact: true }).click();
    await page.getByRole('dialog', { name: 'منو' }).getByRole('link', { name: TB, exact: true }).click();
    await expect(page.getByRole('heading', { name: TB })).toBeVisible();
    await runTrialBalance(page, { columns: 'هشت ستونی' });

    const table = page.getByRole('table', { name: TB });
    const box = page.locator('[data-table-scroll]');
    const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
    expect(await pageWidth()).toBeLessThanOrEqual(390);
    const widths = await box.evaluate((b) => ({ scroll: b.scrollWidth, client: b.clientWidth }));
    expect(widths.scroll, 'the table is wider than its box').toBeGreaterThan(widths.client);
    expect(widths.client).toBeLessThanOrEqual(390);

    const firstRow = table.locator('tbody tr').first();
    const code = firstRow.locator('td').nth(0);
    const name = firstRow.locator('td').nth(1);
    const closing = table.locator('thead th').last();
    const x = async (l: Locator) => (await l.boundingBox())!.x;
    const [codeX, nameX] = [await x(code), await x(name)];
    // the closing columns lie beyond the box's far (left) edge until it scrolls
    expect(await x(closing)).toBeLessThan(0);
    await box.evaluate((b) => b.scrollTo({ left: -b.scrollWidth, behavior: 'instant' }));
    await expect.poll(() => x(closing)).toBeGreaterThanOrEqual(0);
    // the account's code and name stay where they were, the figures passed under them
    expect(await x(code)).toBeCloseTo(codeX, 0);
    expect(await x(name)).toBeCloseTo(nameX, 0);
    expect(await pageWidth()).toBeLessThanOrEqual(390);
    // the names read whole (not a word to a line)
    const nameBox = (await name.boundingBox())!;
    expect(nameBox.width).toBeGreaterThan(80);
  });
});

test('a customer user has no trial balance in the menu and is refused it', async ({ page, request }) => {
  await signIn(page, 'customer');
  const menu = page.getByRole('navigation', { name: 'منو' });
  await expect(menu.getByRole('link', { name: 'مشتریان', exact: true })).toBeVisible();
  await expect(menu.getByRole('link', { name: TB, exact: true })).toHaveCount(0);
  await expect(menu).not.toContainText('حسابداری');

  await page.goto('/accounting/report/trialBalance');
  await expect(page.getByText('شما به این بخش دسترسی ندارید.')).toBeVisible();
  await expect(page.getByRole('table', { name: TB })).toHaveCount(0);

  const token = await apiToken(request, 'customer');
  const answer = await request.post('/api/Report/Definition/Run', {
    headers: { authorization: `Bearer ${token}` },
    data: { report: 'accounting.trialBalance', params: {} },
  });
  expect(answer.status()).toBe(403);
});
