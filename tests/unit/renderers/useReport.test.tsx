/**
 * The report controller (renderers/report/useReport) over a fake report API: defaults (the fiscal
 * period), the query as the truth of what runs, Run writing it, required parameters, the columns
 * for the parameters run, drill-down targets and the export.
 */
import { act, renderHook, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useReport, type UseReportOptions } from '../../../renderers/report/useReport';
import { BALANCE_ROWS, LEDGER_ROWS, PERIOD_1404, fakeReportApi } from './reportDefs';

interface Written {
  query: string;
  replace: boolean;
}

function harness(report: string, initialQuery = '', extra: Partial<UseReportOptions> = {}) {
  const api = fakeReportApi();
  const written: Written[] = [];
  const navigate = vi.fn();
  const download = vi.fn();
  const hook = renderHook(() => {
    const [query, setQueryState] = useState(initialQuery);
    const controller = useReport({
      report,
      lang: 'fa',
      client: api,
      query,
      setQuery: (next, { replace }) => {
        written.push({ query: next, replace });
        setQueryState(next);
      },
      navigate,
      period: PERIOD_1404,
      today: '2025-06-01',
      download,
      ...extra,
    });
    return { controller, query, setQueryState };
  });
  return { api, written, navigate, download, hook, c: () => hook.result.current.controller };
}

describe('useReport', () => {
  it('opened without a query: runs at once with the defaults, the date range the selected period', async () => {
    const { api, c, written } = harness('accounting.trialBalance');
    await waitFor(() => expect(c().result).toBeDefined());
    expect(api.runs).toEqual([
      {
        report: 'accounting.trialBalance',
        params: { period: PERIOD_1404, level: '2', columns: '4', withZero: false },
      },
    ]);
    expect(c().values).toEqual({ period: PERIOD_1404, level: '2', columns: '4', withZero: false });
    expect(written).toEqual([]);
    expect(c().columns.map((col) => col.field)).toEqual([
      'code',
      'name',
      'turnoverDebit',
      'turnoverCredit',
      'closingDebit',
      'closingCredit',
    ]);
  });

  it('the query’s parameters run over the defaults', async () => {
    const { api, c } = harness('accounting.trialBalance', 'columns=8&period=2025-04-01/2025-06-30');
    await waitFor(() => expect(c().result).toBeDefined());
    expect(api.runs[0]!.params).toEqual({
      period: { from: '2025-04-01', to: '2025-06-30' },
      level: '2',
      columns: '8',
      withZero: false,
    });
    expect(c().columns).toHaveLength(10);
  });

  it('Run with changed parameters writes a new query (history entry) and runs it; the columns follow', async () => {
    const { api, c, written } = harness('accounting.trialBalance');
    await waitFor(() => expect(c().result).toBeDefined());
    for (const [n, count] of [
      ['2', 4],
      ['6', 8],
      ['8', 10],
      ['4', 6],
    ] as const) {
      act(() => c().setValue('columns', n));
      act(() => c().run());
      await waitFor(() => expect(c().result?.params.columns).toBe(n));
      expect(c().columns).toHaveLength(count);
    }
    expect(written.map((w) => w.replace)).toEqual([false, false, false, false]);
    expect(written.at(-1)!.query).toBe('period=2025-03-21/2026-03-20&level=2&columns=4&withZero=false');
    expect(api.runs).toHaveLength(5);
  });

  it('Run unchanged runs again in place (no new history entry)', async () => {
    const { api, c, written } = harness('accounting.trialBalance');
    await waitFor(() => expect(c().result).toBeDefined());
    act(() => c().run());
    await waitFor(() => expect(api.runs).toHaveLength(2));
    expect(written).toEqual([
      { query: 'period=2025-03-21/2026-03-20&level=2&columns=4&withZero=false', replace: true },
    ]);
  });

  it('a query changed from outside (back, forward) is shown in the editor and run', async () => {
    const { api, c, hook } = harness('accounting.trialBalance', 'columns=8');
    await waitFor(() => expect(c().result).toBeDefined());
    act(() => c().setValue('level', '3')); // edited, not run
    act(() => hook.result.current.setQueryState('columns=2'));
    await waitFor(() => expect(api.runs).toHaveLength(2));
    expect(c().values.columns).toBe('2');
    expect(c().values.level).toBe('2');
  });

  it('a required parameter without a value: nothing runs; Run names the problem', async () => {
    const { api, c, written } = harness('accounting.ledger');
    await waitFor(() => expect(c().definition).toBeDefined());
    expect(c().running).toBe(false);
    act(() => c().run());
    expect(c().showProblems).toBe(true);
    expect(c().problems.map((p) => [p.param.name, p.problem])).toEqual([['account', 'required']]);
    act(() => c().setValue('account', 7));
    expect(c().showProblems).toBe(false);
    act(() => c().run());
    await waitFor(() => expect(c().result).toBeDefined());
    expect(written).toEqual([{ query: 'account=7&period=2025-03-21/2026-03-20', replace: false }]);
    expect(api.runs).toEqual([{ report: 'accounting.ledger', params: { account: 7, period: PERIOD_1404 } }]);
  });

  it('drill-down targets use the parameters the report ran with', async () => {
    const { c, navigate } = harness('accounting.trialBalance', 'period=2025-04-01/2025-04-30');
    await waitFor(() => expect(c().result).toBeDefined());
    const turnover = c().columns.find((col) => col.field === 'turnoverDebit')!;
    expect(c().drillTarget(turnover, BALANCE_ROWS[1]!)).toBe(
      '/accounting/report/ledger?account=7&period=2025-04-01/2025-04-30',
    );
    act(() => c().drill(turnover, BALANCE_ROWS[1]!));
    expect(navigate).toHaveBeenCalledWith('/accounting/report/ledger?account=7&period=2025-04-01/2025-04-30');
    const code = c().columns[0]!;
    expect(c().drillTarget(code, BALANCE_ROWS[1]!)).toBeNull();
  });

  it('ledger rows open the voucher’s form and the source document’s', async () => {
    const { c } = harness('accounting.ledger', 'account=7');
    await waitFor(() => expect(c().result).toBeDefined());
    const [, voucher, source] = c().columns;
    expect(c().drillTarget(voucher!, LEDGER_ROWS[1]!)).toBe('/accounting/voucher?open=55');
    expect(c().drillTarget(source!, LEDGER_ROWS[1]!)).toBe('/sales/invoice?open=12');
    expect(c().drillTarget(voucher!, LEDGER_ROWS[0]!)).toBeNull();
  });

  it('exports what is shown (not the unrun edits) as XLSX named by the title', async () => {
    const { api, c, download } = harness('accounting.trialBalance', 'columns=6');
    await waitFor(() => expect(c().result).toBeDefined());
    act(() => c().setValue('columns', '8'));
    await act(() => c().exportXlsx());
    expect(api.exports).toEqual([
      {
        report: 'accounting.trialBalance',
        params: { period: PERIOD_1404, level: '2', columns: '6', withZero: false },
      },
    ]);
    expect(download).toHaveBeenCalledTimes(1);
    expect(download.mock.calls[0]![1]).toMatch(/^تراز-آزمایشی-\d{4}-\d{2}-\d{2}\.xlsx$/);
    expect(c().exporting).toBe(false);
  });

  it('an unknown report: the definition fails, nothing runs', async () => {
    const { api, c } = harness('accounting.nothing');
    await waitFor(() => expect(c().definitionFailed).toBe(true));
    expect(api.runs).toEqual([]);
  });
});
