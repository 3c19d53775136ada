/**
 * The shipped print formats of the receipt, payment, cheque, payroll run (payslips, one sheet per
 * employee: `eachLine`) and goods receipt (schemas/**), and the format options they need
 * (`optional` values, `line` values, the header's logo).
 */
import { describe, expect, it } from 'vitest';
import type { EntityDefinition, EntityRow } from '../../../runtime/shared/definition';
import receiptJson from '../../../schemas/treasury/receipt.json';
import paymentJson from '../../../schemas/treasury/payment.json';
import chequeJson from '../../../schemas/treasury/cheque.json';
import payrollJson from '../../../schemas/salary/payrollRun.json';
import goodsJson from '../../../schemas/supplyChain/goodsReceipt.json';
import { printFormatOf, printFormatProblems } from '../../../runtime/shared/printFormat';
import { loadLookups } from '../../../runtime/shared/print/loadPrint';
import {
  sheetModels,
  type SheetBlock,
  type SheetLabels,
  type SheetModel,
} from '../../../runtime/shared/print/sheetModel';

const def = (json: unknown) => json as EntityDefinition;
const receipt = def(receiptJson);
const payroll = def(payrollJson);
const goods = def(goodsJson);
const cheque = def(chequeJson);

const labels = Object.fromEntries(
  [
    'economicCode',
    'nationalId',
    'postalCode',
    'address',
    'phone',
    'row',
    'sum',
    'amountInWords',
    'printedAt',
  ].map((k) => [k, k]),
) as unknown as SheetLabels;

const db: Record<string, Record<string, unknown>> = {
  'sales.customer#3': { id: 3, name: 'مشتری سه', code: 'C-1003', nationalCode: '0012345679' },
  'treasury.bankAccount#2': { id: 2, title: 'ملت جاری ۱۲۳' },
  'sales.invoice#40': { id: 40, number: 'F-1405-040' },
  'HR.employee#8': { id: 8, fullName: 'مریم احمدی', code: 'E-108', nationalCode: '0076543210' },
  'HR.employee#9': { id: 9, fullName: 'علی رضایی', code: 'E-109' },
  'inventory.item#11': { id: 11, name: 'شکر', code: 'I-1001', unit: 5 },
  'inventory.unit#5': { id: 5, title: 'کیلوگرم' },
  'inventory.warehouse#1': { id: 1, name: 'انبار مرکزی', code: 'W-01', keeper: 'حسن کریمی' },
  'supplyChain.vendor#4': { id: 4, name: 'تأمین‌کننده چهار', code: 'V-1004' },
};
const fetchRow = async (e: string, id: number) => db[`${e}#${id}`] ?? null;

async function sheets(definition: EntityDefinition, row: EntityRow, logo?: string): Promise<SheetModel[]> {
  const format = printFormatOf(definition);
  const { texts, rows } = await loadLookups(definition, format, row, fetchRow);
  return sheetModels({
    definition,
    format,
    row,
    texts,
    rows,
    company: { name: 'شرکت نمونه', postalCode: '1581834511', ...(logo ? { logo } : {}) },
    lang: 'fa',
    labels,
    today: '2026-11-27',
  });
}

const blocksOf = <K extends SheetBlock['kind']>(sheet: SheetModel, kind: K) =>
  sheet.blocks.filter((b): b is Extract<SheetBlock, { kind: K }> => b.kind === kind);
const cellTexts = (sheet: SheetModel, title: string) =>
  Object.fromEntries(
    blocksOf(sheet, 'party')
      .find((b) => b.title === title)!
      .cells.map((c) => [c.label, c.text]),
  );

describe('shipped print formats', () => {
  it('are valid and the default of their entity', () => {
    for (const d of [receipt, def(paymentJson), cheque, payroll, goods]) {
      expect(printFormatProblems(d), d.name).toEqual([]);
      expect(printFormatOf(d).name, d.name).not.toBe('generic');
    }
  });

  it('prints a receipt: the payer box, the bank account it names (no empty cash box), words, Persian digits', async () => {
    const [sheet, more] = await sheets(receipt, {
      id: 5,
      version: 1,
      number: 'R-1405-005',
      date: '2026-11-20',
      party: 3,
      amount: 2_500_000,
      bankAccount: 2,
      allocations: [{ invoice: 40, amount: 2_500_000 }],
    } as EntityRow);
    expect(more).toBeUndefined();
    expect(sheet!.title).toBe('رسید دریافت وجه');
    const payer = cellTexts(sheet!, 'دریافت از');
    expect(payer).toMatchObject({
      'نام شخص حقیقی / حقوقی': 'مشتری سه',
      کد: 'C-۱۰۰۳',
      'کد ملی': '۰۰۱۲۳۴۵۶۷۹',
    });
    // optional values without a value are not printed
    expect(Object.keys(payer)).not.toContain('شناسه ملی');
    const money = cellTexts(sheet!, 'مشخصات وجه');
    expect(money['حساب بانکی']).toBe('ملت جاری ۱۲۳');
    expect(Object.keys(money)).not.toContain('صندوق');
    expect(money['مبلغ (ریال)']).toBe('۲٬۵۰۰٬۰۰۰');
    const lines = blocksOf(sheet!, 'lines')[0]!.lines;
    expect(lines.rows).toEqual([['F-۱۴۰۵-۰۴۰', '۲٬۵۰۰٬۰۰۰']]);
    expect(blocksOf(sheet!, 'words')[0]!.text).toBe('دو میلیون و پانصد هزار ریال');
    expect(blocksOf(sheet!, 'signatures')[0]!.boxes).toHaveLength(3);
    // a receipt that settles no invoice prints no empty settlement table (`optional` lines)
    const [advance] = await sheets(receipt, {
      id: 6,
      version: 1,
      party: 3,
      amount: 10,
      allocations: [],
    } as EntityRow);
    expect(blocksOf(advance!, 'lines')).toEqual([]);
  });

  it('prints one payslip per employee line: earnings, deductions, net pay in words', async () => {
    const run = {
      id: 2,
      version: 1,
      title: 'حقوق آبان ۱۴۰۵',
      year: 1405,
      month: 8,
      lines: [
        {
          employee: 8,
          baseSalary: 300_000_000,
          leaveDeduction: 0,
          insurance: 21_000_000,
          tax: 9_000_000,
          net: 270_000_000,
        },
        {
          employee: 9,
          baseSalary: 200_000_000,
          unpaidLeaveDays: 2,
          leaveDeduction: 13_333_333,
          insurance: 14_000_000,
          tax: 0,
          net: 172_666_667,
        },
      ],
    } as EntityRow;
    const slips = await sheets(payroll, run);
    expect(slips).toHaveLength(2);
    expect(slips[0]!.title).toBe('فیش حقوقی');
    expect(cellTexts(slips[0]!, 'مشخصات کارمند')).toMatchObject({
      'نام و نام خانوادگی': 'مریم احمدی',
      'کد پرسنلی': 'E-۱۰۸',
      'کد ملی': '۰۰۷۶۵۴۳۲۱۰',
    });
    // the second employee has no national code: not printed
    expect(Object.keys(cellTexts(slips[1]!, 'مشخصات کارمند'))).not.toContain('کد ملی');
    expect(cellTexts(slips[1]!, 'کسورات')).toMatchObject({
      'کسر مرخصی (ریال)': '۱۳٬۳۳۳٬۳۳۳',
      'بیمه سهم کارمند (ریال)': '۱۴٬۰۰۰٬۰۰۰',
    });
    const totals = blocksOf(slips[1]!, 'totals')[0]!.cells.map((c) => c.text);
    expect(totals).toEqual(['۲۰۰٬۰۰۰٬۰۰۰', '۱۷۲٬۶۶۶٬۶۶۷']);
    expect(blocksOf(slips[0]!, 'words')[0]!.text).toBe('دویست و هفتاد میلیون ریال');
    // the run's own fields on every slip
    expect(blocksOf(slips[1]!, 'fields')[0]!.cells.map((c) => c.text)).toContain('آبان');
    // a run without lines prints no slip
    expect(await sheets(payroll, { ...run, lines: [] } as EntityRow)).toEqual([]);
  });

  it('prints a goods receipt: item code, name, unit, quantity; the warehouse and its keeper', async () => {
    const [sheet] = await sheets(goods, {
      id: 3,
      version: 1,
      number: 'GR-000003',
      date: '2026-11-21',
      vendor: 4,
      warehouse: 1,
      total: 1_200_000,
      lines: [{ item: 11, quantity: 12, unitPrice: 100_000, amount: 1_200_000 }],
    } as EntityRow);
    const lines = blocksOf(sheet!, 'lines')[0]!.lines;
    expect(lines.columns.slice(0, 4).map((c) => c.label)).toEqual(['کد کالا', 'نام کالا', 'واحد', 'مقدار']);
    expect(lines.rows[0]!.slice(0, 4)).toEqual(['I-۱۰۰۱', 'شکر', 'کیلوگرم', '۱۲']);
    expect(cellTexts(sheet!, 'انبار تحویل‌گیرنده')).toEqual({
      انبار: 'انبار مرکزی',
      'کد انبار': 'W-۰۱',
      انباردار: 'حسن کریمی',
    });
    expect(blocksOf(sheet!, 'signatures')[0]!.boxes.join(' ')).toContain('انباردار');
  });

  it('prints a received cheque: the drawer, no payee; amount in words and the due date', async () => {
    const [sheet] = await sheets(cheque, {
      id: 9,
      version: 1,
      direction: 'received',
      number: '123456',
      bank: 'mellat',
      customer: 3,
      issueDate: '2026-11-01',
      dueDate: '2026-12-21',
      amount: 50_000_000,
      status: 'inHand',
    } as EntityRow);
    const sides = cellTexts(sheet!, 'صادرکننده و دریافت‌کننده');
    expect(sides['صادرکننده (دریافت از)']).toBe('مشتری سه');
    expect(Object.keys(sides)).not.toContain('در وجه (تأمین‌کننده)');
    expect(cellTexts(sheet!, 'مشخصات چک')['تاریخ سررسید']).toBe('۱۴۰۵/۰۹/۳۰');
    expect(blocksOf(sheet!, 'words')[0]!.text).toBe('پنجاه میلیون ریال');
  });

  it('prints the logo as given (no digit change) only where the header asks for it', async () => {
    const logo = 'data:image/png;base64,iVBORw0KGgo123=';
    const [sheet] = await sheets(goods, { id: 1, version: 1, lines: [] } as EntityRow, logo);
    const header = blocksOf(sheet!, 'header')[0]!;
    expect(header.logo).toBe(true);
    expect(header.company.logo).toBe(logo);
    expect(header.company.postalCode).toBe('۱۵۸۱۸۳۴۵۱۱');
    const plain = {
      ...goods,
      printFormats: [{ ...goods.printFormats![0]!, blocks: [{ kind: 'header' as const }] }],
    };
    const [bare] = await sheets(plain, { id: 1, version: 1 } as EntityRow, logo);
    expect(blocksOf(bare!, 'header')[0]!.company.logo).toBeUndefined();
  });

  it('finds line values without eachLine, a wrong eachLine table and a wrong line field', () => {
    const bad = {
      ...payroll,
      printFormats: [
        {
          name: 'a',
          title: { fa: 'الف' },
          blocks: [{ kind: 'totals', values: [{ field: 'net', line: true }] }],
        },
        { name: 'b', title: { fa: 'ب' }, eachLine: 'nope', blocks: [] },
        {
          name: 'c',
          title: { fa: 'ج' },
          eachLine: 'lines',
          blocks: [{ kind: 'words', field: 'nope', line: true }],
        },
      ],
    } as unknown as EntityDefinition;
    const problems = printFormatProblems(bad).join('\n');
    expect(problems).toContain('a line value (net) needs eachLine');
    expect(problems).toContain('no child table nope to print each line of');
    expect(problems).toContain('/printFormats/2/blocks/0: no line field nope');
  });
});
