/**
 * `stock.valuation`: the value of the stock at a date by warehouse or by item category (the
 * `groupBy` parameter), with the number of item × warehouse holdings and each group's share of
 * the whole; the total is the value of all stock. Parameters: date (required), groupBy
 * (warehouse | category), warehouse.
 */
import { money } from '../money';
import type { ReportSource, SourceCall, SourceRow } from '../source';
import { holdingsAt } from './balance';
import { loadItems, optionProblems, warehouseNames } from './common';
import { t } from '../../i18n';

const FIELDS = ['groupId', 'group', 'holdings', 'value', 'share'] as const;

async function run(call: SourceCall) {
  const date = call.params.date as string;
  const byCategory = call.params.groupBy === 'category';
  const holdings = await holdingsAt(call, date);
  const names = byCategory ? new Map<number, string>() : await warehouseNames(call);
  const items = byCategory
    ? await loadItems(
        call,
        holdings.map((h) => h.item),
      )
    : new Map();
  const groups = new Map<string, { id: number | null; name: string; holdings: number; value: bigint }>();
  for (const h of holdings) {
    const key = byCategory ? (items.get(h.item)?.category ?? '') : String(h.warehouse);
    const name = byCategory
      ? key || t(call.lang, 'reportDefs.noCategory')
      : (names.get(h.warehouse) ?? String(h.warehouse));
    const g = groups.get(key) ?? { id: byCategory ? null : h.warehouse, name, holdings: 0, value: 0n };
    g.holdings += 1;
    g.value += h.value;
    groups.set(key, g);
  }
  const total = holdings.reduce((s, h) => s + h.value, 0n);
  const rows: SourceRow[] = [...groups.values()]
    .sort((a, b) => (b.value > a.value ? 1 : b.value < a.value ? -1 : a.name.localeCompare(b.name, 'fa')))
    .map((g) => ({
      groupId: g.id,
      group: g.name,
      holdings: g.holdings,
      value: money(g.value),
      // per cent, one decimal
      share: total === 0n ? 0 : Number((g.value * 1000n) / total) / 10,
    }));
  return { rows, totals: { value: money(total), holdings: holdings.length, share: total === 0n ? 0 : 100 } };
}

export const stockValuation: ReportSource = {
  name: 'stock.valuation',
  params: { date: 'date', groupBy: 'enum', warehouse: 'lookup' },
  requiredParams: ['date'],
  fields: () => FIELDS,
  optionProblems: (options) => optionProblems(options, ['categoryField']),
  reads: () => [],
  run,
};
