/**
 * Promotion (promotion.discountRule) on sales invoices: on Create/Update the server finds the
 * active rules whose dates contain the invoice date and whose customer and item are empty or
 * match, takes for each line the highest matching percent of its amount, and stores the sum as
 * `discount` and the rules' titles as `appliedDiscounts`; tax, grand total and the amount in
 * words are then recomputed by the definition's own rules (runtime/shared/rules.ts).
 */
import { applyComputed } from '../../../runtime/shared/rules';
import type { Untyped } from '../../db/untyped';
import type { Row } from '../rows';
import type { EntityRule } from './types';

export const DISCOUNT_RULES_TABLE = 'e_promotion_discountrule';

interface DiscountRule {
  title: string;
  item: number | null;
  customer: number | null;
  percent: number;
}

const idOf = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

async function rulesOn(db: Untyped, date: string): Promise<DiscountRule[]> {
  const rows = (await db
    .selectFrom(DISCOUNT_RULES_TABLE)
    .select(['title', 'item', 'customer', 'percent', 'active'])
    .where('startDate', '<=', date)
    .where('endDate', '>=', date)
    .orderBy('id')
    .execute()) as (Row & { active: unknown })[];
  return rows
    .filter((r) => r.active === true || r.active === 1 || r.active === null)
    .map((r) => ({
      title: String(r.title),
      item: idOf(r.item),
      customer: idOf(r.customer),
      percent: Number(r.percent),
    }));
}

/** Discount of the lines under the rules (and of each line), and the titles of the rules that gave one. */
export function applyRules(
  rules: DiscountRule[],
  customer: number | null,
  lines: Row[],
): { discount: number; applied: string[]; perLine: number[] } {
  const applied = new Set<string>();
  let discount = 0;
  const perLine: number[] = [];
  for (const line of lines) {
    perLine.push(0);
    const amount = Number(line.amount ?? 0);
    let best: DiscountRule | null = null;
    for (const r of rules) {
      if (r.customer !== null && r.customer !== customer) continue;
      if (r.item !== null && r.item !== idOf(line.item)) continue;
      if (!best || r.percent > best.percent) best = r;
    }
    if (!best || !(amount > 0)) continue;
    const own = Math.round((amount * best.percent) / 100);
    perLine[perLine.length - 1] = own;
    discount += own;
    applied.add(best.title);
  }
  return { discount, applied: [...applied], perLine };
}

/** The lines' field holding each line's own discount, when their schema has one (its VAT is on the rest). */
export const LINE_DISCOUNT = 'discount';

export const discountRulesRule: EntityRule = {
  name: 'discountRules',
  computes: true,
  async run({ trx, values, lines, entity }) {
    if (!values || typeof values.date !== 'string') return values;
    const rules = await rulesOn(trx as unknown as Untyped, values.date);
    const { discount, applied, perLine } = applyRules(rules, idOf(values.customer), lines.lines ?? []);
    // each line's own discount, where the lines hold one (the tax of a line is on its net amount)
    if (
      entity.children.some((c) => c.name === 'lines' && Object.hasOwn(c.def.schema.properties, LINE_DISCOUNT))
    )
      (lines.lines ?? []).forEach((l, i) => (l[LINE_DISCOUNT] = perLine[i] ?? 0));
    const next: Row = { ...values, discount, appliedDiscounts: applied.join('، ') };
    if (!entity.def.rules) return next;
    const computed = applyComputed(entity.def.rules, { ...next, ...lines });
    for (const child of entity.children) delete computed[child.name];
    return computed;
  },
};
