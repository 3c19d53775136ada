/**
 * Report definitions as the server serves them (runtime/shared/reportDefinition.ts) and a fake of
 * the report API at the runtime boundary (ReportDefinitionClient): a trial balance with 2/4/6/8
 * columns chosen by `visibleWhen`, drilling from a turnover figure to the ledger; a ledger whose
 * voucher number opens the voucher's form and whose source opens the source document's.
 */
import type { ReportDefinitionClient } from '../../../runtime/report/definitionClient';
import type {
  ReportDefinition,
  ReportResult,
  ReportRunRequest,
  ReportValue,
} from '../../../runtime/shared/reportDefinition';
import type { Expr } from '../../../runtime/shared/rules';

const columnsIn = (...n: string[]): Expr => ({ in: [{ var: 'params.columns' }, n] });

const money = (field: string, fa: string, visibleWhen?: Expr, drill = false) => ({
  field,
  label: { fa, en: field },
  kind: 'money' as const,
  total: true,
  ...(visibleWhen ? { visibleWhen } : {}),
  ...(drill
    ? {
        drill: {
          report: 'accounting.ledger',
          params: { account: '{{row.accountId}}', period: '{{params.period}}' },
        },
      }
    : {}),
});

export function trialBalance(): ReportDefinition {
  return {
    name: 'trialBalance',
    module: 'accounting',
    title: { fa: 'تراز آزمایشی', en: 'Trial balance' },
    menu: { order: 1 },
    entity: 'accounting.voucher',
    source: 'ledger.balances',
    params: [
      {
        name: 'period',
        label: { fa: 'دوره', en: 'Period' },
        kind: 'dateRange',
        default: 'period',
        required: true,
      },
      {
        name: 'level',
        label: { fa: 'سطح', en: 'Level' },
        kind: 'enum',
        options: [
          { value: '1', label: { fa: 'گروه', en: 'Group' } },
          { value: '2', label: { fa: 'کل', en: 'General' } },
          { value: '3', label: { fa: 'معین', en: 'Subsidiary' } },
        ],
        default: '2',
        required: true,
      },
      {
        name: 'columns',
        label: { fa: 'ستون‌ها', en: 'Columns' },
        kind: 'enum',
        options: ['2', '4', '6', '8'].map((n) => ({
          value: n,
          label: { fa: `${n} ستونی`, en: `${n} columns` },
        })),
        default: '4',
        required: true,
      },
      { name: 'withZero', label: { fa: 'با حساب‌های بی‌گردش', en: 'With idle accounts' }, kind: 'boolean' },
    ],
    columns: [
      { field: 'code', label: { fa: 'کد حساب', en: 'Code' }, kind: 'text' },
      { field: 'name', label: { fa: 'نام حساب', en: 'Account' }, kind: 'text' },
      money('openingDebit', 'بدهکار اول دوره', columnsIn('6', '8')),
      money('openingCredit', 'بستانکار اول دوره', columnsIn('6', '8')),
      money('turnoverDebit', 'گردش بدهکار', columnsIn('4', '6', '8'), true),
      money('turnoverCredit', 'گردش بستانکار', columnsIn('4', '6', '8'), true),
      money('sumDebit', 'جمع بدهکار', { '==': [{ var: 'params.columns' }, '8'] }),
      money('sumCredit', 'جمع بستانکار', { '==': [{ var: 'params.columns' }, '8'] }),
      money('closingDebit', 'مانده بدهکار'),
      money('closingCredit', 'مانده بستانکار'),
    ],
    levelField: 'level',
  };
}

export function ledger(): ReportDefinition {
  return {
    name: 'ledger',
    module: 'accounting',
    title: { fa: 'دفتر معین', en: 'Ledger' },
    entity: 'accounting.voucher',
    source: 'ledger.lines',
    params: [
      {
        name: 'account',
        label: { fa: 'حساب', en: 'Account' },
        kind: 'lookup',
        entity: 'accounting.account',
        required: true,
      },
      {
        name: 'period',
        label: { fa: 'دوره', en: 'Period' },
        kind: 'dateRange',
        default: 'period',
        required: true,
      },
    ],
    columns: [
      { field: 'date', label: { fa: 'تاریخ', en: 'Date' }, kind: 'date' },
      {
        field: 'voucherNumber',
        label: { fa: 'شماره سند', en: 'Voucher' },
        kind: 'text',
        drill: { entity: 'accounting.voucher', idField: 'voucherId' },
      },
      {
        field: 'sourceNumber',
        label: { fa: 'سند مبدأ', en: 'Source' },
        kind: 'text',
        drill: { entity: '{{row.sourceEntity}}', idField: 'sourceId' },
      },
      { field: 'debit', label: { fa: 'بدهکار', en: 'Debit' }, kind: 'money', total: true },
      { field: 'credit', label: { fa: 'بستانکار', en: 'Credit' }, kind: 'money', total: true },
      { field: 'balance', label: { fa: 'مانده', en: 'Balance' }, kind: 'money' },
    ],
  };
}

/** Rows of the trial balance: a general account (level 1) and two under it (level 2); one beyond 2^53. */
export const BALANCE_ROWS: Record<string, ReportValue>[] = [
  {
    accountId: 1,
    code: '11',
    name: 'دارایی‌های جاری',
    level: 1,
    openingDebit: 1000,
    openingCredit: 0,
    turnoverDebit: '12345678901234567890.50',
    turnoverCredit: 2500000,
    sumDebit: '12345678901234568890.50',
    sumCredit: 2500000,
    closingDebit: '12345678901234566390.50',
    closingCredit: 0,
  },
  {
    accountId: 7,
    code: '1101',
    name: 'صندوق',
    level: 2,
    openingDebit: 1000,
    openingCredit: 0,
    turnoverDebit: 1250000,
    turnoverCredit: 0,
    sumDebit: 1251000,
    sumCredit: 0,
    closingDebit: 1251000,
    closingCredit: 0,
  },
  {
    accountId: 8,
    code: '1102',
    name: 'بانک‌ها',
    level: 2,
    openingDebit: 0,
    openingCredit: 0,
    turnoverDebit: 0,
    turnoverCredit: 0,
    sumDebit: 0,
    sumCredit: 0,
    closingDebit: 0,
    closingCredit: '-9007199254740993',
  },
];

export const BALANCE_TOTALS: Record<string, ReportValue> = {
  openingDebit: 2000,
  openingCredit: 0,
  turnoverDebit: '12345678901235817890.50',
  turnoverCredit: 2500000,
  sumDebit: '12345678901235819890.50',
  sumCredit: 2500000,
  closingDebit: '12345678901235817390.50',
  closingCredit: '-9007199254740993',
};

export const LEDGER_ROWS: Record<string, ReportValue>[] = [
  { date: null, voucherNumber: 'مانده اول دوره', debit: 1000, credit: 0, balance: 1000 },
  {
    date: '2025-04-10',
    voucherNumber: 'V-1404-000055',
    voucherId: 55,
    sourceNumber: 'INV-1404-000012',
    sourceEntity: 'sales.invoice',
    sourceId: 12,
    debit: 1250000,
    credit: 0,
    balance: 1251000,
  },
];

export interface FakeReportApi extends ReportDefinitionClient {
  runs: ReportRunRequest[];
  exports: ReportRunRequest[];
  /** While set, runs wait for it (loading feedback). */
  hold: Promise<void> | null;
}

export function fakeReportApi(): FakeReportApi {
  const definitions: Record<string, () => ReportDefinition> = {
    'accounting.trialBalance': trialBalance,
    'accounting.ledger': ledger,
  };
  const api: FakeReportApi = {
    runs: [],
    exports: [],
    hold: null,
    definition: async (report) => {
      const make = definitions[report];
      if (!make) throw new Error(`no report ${report}`);
      return make();
    },
    run: async (request) => {
      api.runs.push(request);
      if (api.hold) await api.hold;
      const result: ReportResult =
        request.report === 'accounting.ledger'
          ? { rows: LEDGER_ROWS, totals: { debit: 1251000, credit: 0 }, params: request.params }
          : { rows: BALANCE_ROWS, totals: BALANCE_TOTALS, params: request.params };
      return result;
    },
    export: async (request) => {
      api.exports.push(request);
      return new Blob(['xlsx'], {
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      });
    },
  };
  return api;
}

/** The fiscal period 1404 (2025-03-21 … 2026-03-20) as the shell's selector stores it. */
export const PERIOD_1404 = { from: '2025-03-21', to: '2026-03-20' };
