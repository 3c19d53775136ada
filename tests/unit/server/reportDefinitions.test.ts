/**
 * The report definition loader (server/reportDefs/load.ts): the shipped definitions load, and a
 * broken one is refused with its JSON path and reason; the first-in-first-out settlement and the
 * age buckets of the aging source; exact money figures.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ReportDefinition } from '../../../runtime/shared/reportDefinition';
import { PROJECT_ROOT } from '../../../server/config';
import { loadDefinitions } from '../../../server/definitions/load';
import { entityKey } from '../../../server/definitions/registry';
import { ageBuckets, daysBetween, fifo } from '../../../server/reportDefs/ledger/fifo';
import { loadReportDefinitions, reportDefinitionProblems } from '../../../server/reportDefs/load';
import { amount, big, ExactSum, money } from '../../../server/reportDefs/money';

const SCHEMAS = join(PROJECT_ROOT, 'schemas');
const ENTITIES = new Set([...loadDefinitions().map(entityKey), 'accounting.detailAccount']);

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- definitions edited as data
type Json = Record<string, any>;

function shipped(name: string): Json {
  return JSON.parse(readFileSync(join(SCHEMAS, 'reports', 'accounting', `${name}.json`), 'utf8')) as Json;
}

function problems(name: string, change: (d: Json) => void): string[] {
  const d = shipped(name);
  change(d);
  return reportDefinitionProblems(d, ENTITIES);
}

describe('report definition loader', () => {
  it('loads the shipped definitions', () => {
    const warnings: string[] = [];
    const defs = loadReportDefinitions(SCHEMAS, ENTITIES, (w) => warnings.push(w));
    expect(defs.map((d) => d.name).sort()).toEqual([
      'balanceSheet',
      'belowReorder',
      'detailStatement',
      'dueCheques',
      'kardex',
      'ledger',
      'openInvoices',
      'partyAging',
      'profitLoss',
      'reconciliation',
      'stockBalance',
      'trialBalance',
      'valuation',
      'vat',
    ]);
    expect(warnings).toEqual([]);
    for (const d of defs) expect(reportDefinitionProblems(d, ENTITIES), d.name).toEqual([]);
  });

  it('warns (not fails) about a lookup on an entity not loaded', () => {
    const warnings: string[] = [];
    const keys = new Set([...ENTITIES].filter((k) => k !== 'accounting.detailAccount'));
    loadReportDefinitions(SCHEMAS, keys, (w) => warnings.push(w));
    expect(
      warnings.some((w) =>
        /detailStatement\.json: \/params\/0\/entity: entity 'accounting\.detailAccount'/.test(w),
      ),
    ).toBe(true);
  });

  it('refuses schema violations with their path', () => {
    expect(problems('trialBalance', (d) => delete d.title.fa)).toEqual([
      "/title: must have required property 'fa'",
    ]);
    expect(problems('trialBalance', (d) => (d.params[0].kind = 'period'))).toContain(
      '/params/0/kind: must be equal to one of the allowed values',
    );
    expect(problems('trialBalance', (d) => (d.ghost = 1))).toEqual([
      "/: must NOT have additional property 'ghost'",
    ]);
  });

  it('refuses an unknown source, module or entity, and bad options', () => {
    expect(problems('trialBalance', (d) => (d.source = 'ledger.nothing'))).toContain(
      "/source: unknown source 'ledger.nothing' (known: ledger.balances, ledger.lines, ledger.aging, ledger.statement, stock.kardex, stock.balance, stock.valuation, stock.reorder, entity.rows, treasury.reconciliation, tax.vat)",
    );
    expect(problems('trialBalance', (d) => (d.module = 'nowhere'))).toContain(
      "/module: unknown module 'nowhere'",
    );
    expect(problems('trialBalance', (d) => (d.entity = 'accounting.nothing'))).toContain(
      "/entity: unknown entity 'accounting.nothing'",
    );
    expect(problems('trialBalance', (d) => (d.options = { groupBy: 'day', colour: 1 }))).toEqual([
      '/options/colour: unknown option',
      '/options/groupBy: must be "account" or "detail"',
    ]);
    expect(problems('trialBalance', (d) => (d.options = { kinds: ['asset', 'cash'] }))).toEqual([
      '/options/kinds: unknown cash',
    ]);
    expect(problems('partyAging', (d) => (d.options.sides.payable = { open: 'both' }))).toEqual([
      '/options/sides/payable/open: must be "debit" or "credit"',
      '/options/sides/payable: give either setting (a settings key) or codes (account codes)',
    ]);
    expect(problems('partyAging', (d) => delete d.options.sides.payable)).toEqual([
      "/params/side: 'payable' is not one of /options/sides",
    ]);
    // the columns of the shipped buckets are no longer answered either
    expect(problems('partyAging', (d) => (d.options.buckets = [60, 30]))).toEqual([
      '/options/buckets: must be increasing whole numbers of days',
      "/columns/3/field: ledger.aging has no field 'days0to30'",
      "/columns/4/field: ledger.aging has no field 'days31to60'",
      "/columns/5/field: ledger.aging has no field 'days61to90'",
      "/columns/6/field: ledger.aging has no field 'daysOver90'",
    ]);
    expect(problems('profitLoss', (d) => (d.options.results[0].minus = ['costs']))).toEqual([
      "/options/results/0/minus: unknown section 'costs'",
    ]);
    expect(
      problems('balanceSheet', (d) => (d.params = d.params.filter((p: Json) => p.name !== 'asOf'))),
    ).toEqual(["/params: the statement needs the parameter 'asOf'"]);
  });

  it('refuses parameters that do not fit their kind or the source', () => {
    expect(problems('trialBalance', (d) => delete d.params[1].options)).toContain(
      '/params/1/options: an enum parameter lists its options',
    );
    expect(problems('trialBalance', (d) => (d.params[1].default = '9'))).toEqual([
      '/params/1/default: default "9" does not fit a enum parameter',
    ]);
    expect(problems('trialBalance', (d) => (d.params[0].default = 'yesterday'))).toEqual([
      '/params/0/default: default "yesterday" does not fit a dateRange parameter',
    ]);
    expect(problems('trialBalance', (d) => (d.params[0].kind = 'date'))).toEqual([
      "/params/0/kind: ledger.balances reads 'range' as a dateRange parameter",
    ]);
    expect(problems('trialBalance', (d) => d.params.shift())).toContain(
      "/params: ledger.balances needs the parameter 'range'",
    );
    expect(problems('trialBalance', (d) => d.params.push({ ...d.params[1] }))).toEqual([
      "/params/5/name: 'level' declared twice",
    ]);
    expect(problems('trialBalance', (d) => delete d.params[3].entity)).toEqual([
      '/params/3/entity: a lookup parameter names its entity',
    ]);
    expect(problems('detailStatement', (d) => (d.scope.detail = 'range'))).toEqual([
      "/scope/detail: 'range' is not a lookup parameter",
    ]);
  });

  it('refuses columns the source does not answer, unsafe expressions and bad drill-downs', () => {
    expect(problems('trialBalance', (d) => (d.columns[0].field = 'ghost'))).toEqual([
      "/columns/0/field: ledger.balances has no field 'ghost'",
    ]);
    // a text column may show the source's own total (a ledger's closing side); a date may not
    expect(problems('ledger', (d) => (d.columns[0].total = true))).toEqual([
      '/columns/0/total: only figures are totalled',
    ]);
    expect(problems('trialBalance', (d) => (d.columns[1].absolute = true))).toEqual([
      '/columns/1/absolute: only figures have a magnitude',
    ]);
    expect(
      problems('trialBalance', (d) => (d.columns[2].visibleWhen = { method: ['x', 'constructor'] })),
    ).toEqual(["/columns/2/visibleWhen: operation 'method' not allowed"]);
    expect(problems('ledger', (d) => delete d.columns[1].drill.idField)).toEqual([
      '/columns/1/drill/idField: the row field holding the id',
    ]);
    expect(problems('ledger', (d) => (d.columns[1].drill.report = 'accounting.trialBalance'))).toEqual([
      '/columns/1/drill: give either report or entity',
    ]);
    expect(problems('trialBalance', (d) => (d.columns[2].drill.params.account = '{{row.nothing}}'))).toEqual([
      "/columns/2/drill/params/account: no row field 'nothing'",
    ]);
    expect(problems('trialBalance', (d) => (d.levelField = 'depth'))).toEqual([
      "/levelField: ledger.balances has no field 'depth'",
    ]);
  });

  it('stops the start on a bad file, naming it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'erp-report-defs-'));
    const write = (path: string, d: unknown) =>
      writeFileSync(join(dir, path), typeof d === 'string' ? d : JSON.stringify(d));
    try {
      cpSync(SCHEMAS, dir, { recursive: true });
      const load = () => loadReportDefinitions(dir, ENTITIES);
      expect(load()).toHaveLength(14);
      const tb = shipped('trialBalance');
      write('reports/accounting/trialBalance.json', { ...tb, module: 'sales' });
      expect(load).toThrow(
        /reports\/accounting\/trialBalance\.json: \/module: 'sales' but the file is in reports\/accounting\//,
      );
      write('reports/accounting/trialBalance.json', '{ not json');
      expect(load).toThrow(/trialBalance\.json: not valid JSON/);
      const drill = structuredClone(tb);
      drill.columns[2].drill.report = 'accounting.nothing';
      write('reports/accounting/trialBalance.json', drill);
      expect(load).toThrow(
        /trialBalance\.json: \/columns\/2\/drill\/report: unknown report 'accounting\.nothing'/,
      );
      drill.columns[2].drill.report = 'accounting.ledger';
      drill.columns[2].drill.params.ghost = '1';
      write('reports/accounting/trialBalance.json', drill);
      expect(load).toThrow(/\/columns\/2\/drill\/params\/ghost: accounting\.ledger has no parameter 'ghost'/);
      write('reports/accounting/trialBalance.json', tb);
      write('reports/accounting/copy.json', { ...tb, name: 'copy' });
      expect(load()).toHaveLength(15);
      write('reports/accounting/copy.json', tb);
      expect(load).toThrow(/copy\.json: \/name: 'trialBalance' but the file is/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('types the shipped definitions as ReportDefinition', () => {
    const d = shipped('trialBalance') as unknown as ReportDefinition;
    expect(d.columns.filter((c) => c.total).map((c) => c.field)).toHaveLength(8);
  });
});

describe('first in, first out', () => {
  const m = (date: string, opened: number, settled: number) => ({
    date,
    opened: BigInt(opened),
    settled: BigInt(settled),
  });

  it('settles the oldest open items first', () => {
    const r = fifo([
      m('2030-01-01', 300, 0),
      m('2030-02-01', 500, 0),
      m('2030-03-01', 0, 400),
      m('2030-04-01', 100, 0),
    ]);
    expect(r).toEqual({
      open: [
        { date: '2030-02-01', amount: 400n },
        { date: '2030-04-01', amount: 100n },
      ],
      advance: 0n,
    });
  });

  it('keeps an advance that settles the next items opened', () => {
    const r = fifo([
      m('2030-01-01', 100, 0),
      m('2030-01-05', 0, 250),
      m('2030-02-01', 100, 0),
      m('2030-03-01', 80, 0),
    ]);
    expect(r).toEqual({ open: [{ date: '2030-03-01', amount: 30n }], advance: 0n });
    expect(fifo([m('2030-01-01', 0, 70)])).toEqual({ open: [], advance: 70n });
  });

  it('ages open items into 0–30, 31–60, 61–90 and over 90 days', () => {
    expect(daysBetween('2030-02-28', '2030-03-01')).toBe(1);
    const open = [
      { date: '2030-08-31', amount: 1n },
      { date: '2030-08-01', amount: 2n },
      { date: '2030-07-31', amount: 4n },
      { date: '2030-07-02', amount: 8n },
      { date: '2030-07-01', amount: 16n },
      { date: '2030-06-02', amount: 32n },
      { date: '2030-06-01', amount: 64n },
    ];
    expect(ageBuckets(open, '2030-08-31', [30, 60, 90])).toEqual([3n, 12n, 48n, 64n]);
  });
});

describe('money figures', () => {
  it('are numbers while exact, decimal strings beyond 2^53', () => {
    expect(money(9_007_199_254_740_991n)).toBe(9_007_199_254_740_991);
    expect(money(9_007_199_254_740_992n)).toBe('9007199254740992');
    expect(money(-9_007_199_254_740_993n)).toBe('-9007199254740993');
    expect(big('18014398509481982')).toBe(18_014_398_509_481_982n);
    expect(big('12.00')).toBe(12n);
    expect(big(null)).toBe(0n);
    expect(() => big('1.5')).toThrow(RangeError);
  });
});

describe('amounts read as numbers while exact', () => {
  it('reads an amount as a number up to 15 digits, else as big reads it', () => {
    expect(amount('999999999999999')).toBe(999_999_999_999_999);
    expect(amount('-45692000')).toBe(-45_692_000);
    expect(amount(12)).toBe(12);
    expect(amount('9007199254740993')).toBe(9_007_199_254_740_993n);
    expect(amount('12.00')).toBe(12n);
    expect(amount(null)).toBe(0n);
    expect(() => amount('1.5')).toThrow(RangeError);
  });

  it('keeps a running sum exact past 2^53, as BigInt would', () => {
    const steps: (number | bigint)[] = [
      999_999_999_999_999,
      999_999_999_999_999,
      9_007_199_254_740_993n,
      -3,
      -9_007_199_254_740_993n,
      -999_999_999_999_999,
      -999_999_999_999_999,
    ];
    const sum = new ExactSum(8_000_000_000_000_000n);
    let exact = 8_000_000_000_000_000n;
    for (const s of steps) {
      sum.add(s);
      exact += BigInt(s);
      expect(sum.money()).toBe(money(exact));
      expect(sum.sign()).toBe(exact === 0n ? 0 : exact > 0n ? 1 : -1);
    }
    const small = new ExactSum();
    small.add(5);
    small.add(-5);
    expect(small.money()).toBe(0);
    expect(small.sign()).toBe(0);
    small.add(-1);
    expect(small.sign()).toBe(-1);
  });
});
