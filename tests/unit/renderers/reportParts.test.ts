/**
 * The report screen's pure parts (renderers/report): parameter defaults and their URL query,
 * figures formatted exactly (decimal strings beyond 2^53), the columns `visibleWhen` shows for a
 * 2/4/6/8-column trial balance, and where a figure drills down to.
 */
import { describe, expect, it } from 'vitest';
import type { EntityDefinition } from '../../../runtime/shared/definition';
import { visibleColumns } from '../../../renderers/report/reportColumns';
import { drillPath } from '../../../renderers/report/reportDrill';
import {
  defaultValues,
  fromQuery,
  paramProblems,
  runParams,
  toQuery,
} from '../../../renderers/report/reportParams';
import {
  formatMoneyValue,
  formatReportMoney,
  formatReportValue,
  rowLevel,
} from '../../../renderers/report/reportValues';
import { lookupTargetFromDefinition } from '../../../renderers/report/useParamLookups';
import { BALANCE_ROWS, LEDGER_ROWS, PERIOD_1404, ledger, trialBalance } from './reportDefs';

const words = { yes: 'بله', no: 'خیر' };

describe('report parameters', () => {
  const params = trialBalance().params;

  it('defaults: the date range is the selected fiscal period, enums and booleans their literals', () => {
    expect(defaultValues(params, PERIOD_1404, '2025-06-01')).toEqual({
      period: { from: '2025-03-21', to: '2026-03-20' },
      level: '2',
      columns: '4',
      withZero: false,
    });
  });

  it('"today": a range of today; without a selected period, "period" is the Jalali year of today', () => {
    const range = {
      name: 'r',
      label: { fa: 'r' },
      kind: 'dateRange' as const,
      default: 'today',
      required: true,
    };
    expect(defaultValues([range], null, '2025-06-01')).toEqual({
      r: { from: '2025-06-01', to: '2025-06-01' },
    });
    // 2025-06-01 is 1404/03/11: the year 1404 runs from 2025-03-21 to 2026-03-20
    const values = defaultValues(params, null, '2025-06-01');
    expect(values.period).toEqual({ from: '2025-03-21', to: '2026-03-20' });
    expect(paramProblems(params, values)).toEqual([]);
    // and a leap year's Esfand has 30 days: 1403 ends on 2025-03-20
    expect(defaultValues(params, null, '2024-12-01').period).toEqual({
      from: '2024-03-20',
      to: '2025-03-20',
    });
    // a "period" date is today
    const asOf = { name: 'd', label: { fa: 'd' }, kind: 'date' as const, default: 'period' };
    expect(defaultValues([asOf], null, '2025-06-01')).toEqual({ d: '2025-06-01' });
  });

  it('a half-typed date is invalid and stops a run; it is not sent', () => {
    const values = {
      ...defaultValues(params, PERIOD_1404, '2025-06-01'),
      period: { from: '2025-03-21', to: '1404/1' },
    };
    expect(paramProblems(params, values).map((p) => [p.param.name, p.problem])).toEqual([
      ['period', 'invalid'],
    ]);
    expect(runParams(params, values)).not.toHaveProperty('period');
  });

  it('round-trips through the URL query in the definition’s order, a range as an ISO interval', () => {
    const values = {
      period: { from: '2025-04-01', to: '2025-06-30' },
      level: '3',
      columns: '8',
      withZero: true,
    };
    const query = toQuery(params, values);
    expect(query).toBe('period=2025-04-01/2025-06-30&level=3&columns=8&withZero=true');
    expect(fromQuery(params, query, {})).toEqual(values);
    expect(runParams(params, fromQuery(params, query, {}))).toEqual(values);
  });

  it('the query wins over the defaults; what it lacks keeps the default; unknown or bad values are ignored', () => {
    const defaults = defaultValues(params, PERIOD_1404, '2025-06-01');
    const values = fromQuery(params, 'columns=6&level=9&period=2025-13-01/x&other=1', defaults);
    expect(values).toEqual({ ...defaults, columns: '6' });
  });

  it('a lookup is sent as the row’s id', () => {
    const p = ledger().params;
    const values = fromQuery(p, 'account=7', {});
    expect(values.account).toBe(7);
    expect(runParams(p, values)).toEqual({ account: 7 });
    expect(fromQuery(p, 'account=-3', {}).account).toBeUndefined();
  });
});

describe('report figures', () => {
  it('money: Persian digits and separators; a decimal string beyond 2^53 formatted digit by digit', () => {
    expect(formatMoneyValue(1250000, 'fa')).toBe('۱٬۲۵۰٬۰۰۰');
    expect(formatMoneyValue('12345678901234567890.50', 'fa')).toBe('۱۲٬۳۴۵٬۶۷۸٬۹۰۱٬۲۳۴٬۵۶۷٬۸۹۰.۵۰');
    expect(formatMoneyValue('-9007199254740993', 'fa')).toBe('-۹٬۰۰۷٬۱۹۹٬۲۵۴٬۷۴۰٬۹۹۳');
    // Number() would give …992 and …890.5: the text keeps every digit
    expect(formatMoneyValue('9007199254740993', 'en')).toBe('9,007,199,254,740,993');
    expect(formatMoneyValue(-0, 'fa')).toBe('۰');
    expect(formatMoneyValue('-0.00', 'en')).toBe('0.00');
  });

  it('a negative figure of a report in parentheses; an absolute column shows the magnitude', () => {
    expect(formatReportMoney(-1250000, 'fa')).toBe('(۱٬۲۵۰٬۰۰۰)');
    expect(formatReportMoney('-9007199254740993', 'fa')).toBe('(۹٬۰۰۷٬۱۹۹٬۲۵۴٬۷۴۰٬۹۹۳)');
    expect(formatReportMoney(-1250000, 'en')).toBe('(1,250,000)');
    expect(formatReportMoney(-1250000, 'fa', { absolute: true })).toBe('۱٬۲۵۰٬۰۰۰');
    expect(formatReportMoney('-9007199254740993', 'fa', { absolute: true })).toBe('۹٬۰۰۷٬۱۹۹٬۲۵۴٬۷۴۰٬۹۹۳');
    // zero, minus zero and positives unchanged
    expect(formatReportMoney(-0, 'fa')).toBe('۰');
    expect(formatReportMoney('-0.00', 'en')).toBe('0.00');
    expect(formatReportMoney(1250000, 'fa', { absolute: true })).toBe('۱٬۲۵۰٬۰۰۰');
    expect(formatReportValue(-1250000, 'money', 'fa', words)).toBe('(۱٬۲۵۰٬۰۰۰)');
    expect(formatReportValue(-3, 'number', 'fa', words, { absolute: true })).toBe('۳');
  });

  it('other kinds: dates Jalali, codes in Persian digits, booleans as words, empty as nothing', () => {
    expect(formatReportValue('2025-04-10', 'date', 'fa', words)).toBe('۱۴۰۴/۰۱/۲۱');
    expect(formatReportValue('1101', 'text', 'fa', words)).toBe('۱۱۰۱');
    expect(formatReportValue(3, 'number', 'fa', words)).toBe('۳');
    expect(formatReportValue('12345678901234567890', 'number', 'fa', words)).toBe('۱۲۳۴۵۶۷۸۹۰۱۲۳۴۵۶۷۸۹۰');
    expect(formatReportValue(true, 'text', 'fa', words)).toBe('بله');
    expect(formatReportValue(null, 'money', 'fa', words)).toBe('');
  });

  it('a row’s level from its level field (1 when absent)', () => {
    expect(rowLevel(BALANCE_ROWS[1]!, 'level')).toBe(2);
    expect(rowLevel(BALANCE_ROWS[1]!, undefined)).toBe(1);
    expect(rowLevel({ level: 'x' }, 'level')).toBe(1);
  });
});

describe('visibleWhen columns of the trial balance', () => {
  const columns = trialBalance().columns;
  const fields = (n: string) => visibleColumns(columns, { columns: n }).map((c) => c.field);

  it('2, 4, 6 and 8 columns of figures', () => {
    expect(fields('2')).toEqual(['code', 'name', 'closingDebit', 'closingCredit']);
    expect(fields('4')).toEqual([
      'code',
      'name',
      'turnoverDebit',
      'turnoverCredit',
      'closingDebit',
      'closingCredit',
    ]);
    expect(fields('6')).toEqual([
      'code',
      'name',
      'openingDebit',
      'openingCredit',
      'turnoverDebit',
      'turnoverCredit',
      'closingDebit',
      'closingCredit',
    ]);
    expect(fields('8')).toHaveLength(10);
    expect(fields('8')).toContain('sumDebit');
  });

  it('a rule that cannot be evaluated shows its column', () => {
    const broken = [{ field: 'x', label: { fa: 'x' }, kind: 'text' as const, visibleWhen: { nope: [1] } }];
    expect(visibleColumns(broken, {})).toHaveLength(1);
  });
});

describe('drill-down targets', () => {
  const params = { period: { from: '2025-03-21', to: '2026-03-20' }, level: '2', columns: '4' };
  const tb = trialBalance().columns;
  const turnover = tb.find((c) => c.field === 'turnoverDebit')!;

  it('a trial balance figure → the ledger of that account over the same range', () => {
    expect(drillPath(turnover.drill, { row: BALANCE_ROWS[1]!, params })).toBe(
      '/accounting/report/ledger?account=7&period=2025-03-21/2026-03-20',
    );
  });

  it('a ledger row → the voucher’s form; its source → the source document’s form', () => {
    const [, voucher, source] = ledger().columns;
    expect(drillPath(voucher!.drill, { row: LEDGER_ROWS[1]!, params })).toBe('/accounting/voucher?open=55');
    expect(drillPath(source!.drill, { row: LEDGER_ROWS[1]!, params })).toBe('/sales/invoice?open=12');
  });

  it('no drill where the row lacks what it needs (the opening balance row), nor to a bad target', () => {
    const [, voucher, source] = ledger().columns;
    expect(drillPath(voucher!.drill, { row: LEDGER_ROWS[0]!, params })).toBeNull();
    expect(drillPath(source!.drill, { row: LEDGER_ROWS[0]!, params })).toBeNull();
    expect(drillPath(turnover.drill, { row: { code: '1' }, params })).toBeNull();
    expect(
      drillPath(
        { entity: '{{row.e}}', idField: 'id' },
        { row: { e: 'javascript:alert(1)//.x', id: 1 }, params },
      ),
    ).toBeNull();
    expect(drillPath({ report: 'nowhere' }, { row: {}, params })).toBeNull();
  });

  it('a parameter the report ran without is left out of the target (an empty branch), a row value is not', () => {
    const drill = {
      report: 'accounting.ledger',
      params: { account: '{{row.accountId}}', branch: '{{params.branch}}' },
    };
    expect(drillPath(drill, { row: { accountId: 7 }, params: {} })).toBe(
      '/accounting/report/ledger?account=7',
    );
    expect(drillPath(drill, { row: { accountId: 7 }, params: { branch: 3 } })).toBe(
      '/accounting/report/ledger?account=7&branch=3',
    );
    expect(drillPath(drill, { row: {}, params: { branch: 3 } })).toBeNull();
  });

  it('literal and embedded templates', () => {
    const drill = { report: 'accounting.ledger', params: { level: '3', note: 'acc-{{row.code}}' } };
    expect(drillPath(drill, { row: { code: '1101' }, params })).toBe(
      '/accounting/report/ledger?level=3&note=acc-1101',
    );
  });
});

describe('lookup parameters', () => {
  it('search the entity’s display field and its unique code', () => {
    const def = {
      displayField: 'name',
      fields: {
        name: { label: { fa: 'نام' } },
        serial: { label: { fa: 'سریال' }, unique: true, uniqueScope: ['branch'] },
        code: { label: { fa: 'کد' }, unique: true },
      },
    } as unknown as EntityDefinition;
    expect(lookupTargetFromDefinition('accounting.account', def)).toEqual({
      entity: 'accounting.account',
      displayField: 'name',
      codeField: 'code',
    });
  });
});
