/**
 * The `tax` declaration applied (runtime/shared/tax.ts, docs/tax.md): a rule every definition
 * declaring it gets (entities/rules/index.ts declaredRules), run on each save of a draft, on
 * Finalise and in the server's Preview (the form shows its figures). Each line takes its tax code
 * (its own, else its item's, else the default setting's), the rate of that code valid on the
 * document's date, and its tax; the document its total, then the definition's computed fields
 * again (the grand total adds the tax). A line whose code has no rate on the date refuses the
 * write (417, naming the code and the date). A final or cancelled document keeps its figures.
 */
import { docStateOf } from '../../runtime/shared/lifecycle';
import { applyComputed } from '../../runtime/shared/rules';
import { rateOn, taxFigures, type TaxDefinition } from '../../runtime/shared/tax';
import { isoToJalali } from '../../runtime/shared/jalali';
import { localDigits } from '../../runtime/shared/fieldKinds/numberText';
import type { Untyped } from '../db/untyped';
import { businessRefusal } from '../entities/rules/business';
import type { EntityRule, RuleContext } from '../entities/rules/types';
import type { Row } from '../entities/rows';
import { codeEntity, defaultCodeOf, idOf, itemCodes, loadCodes } from './taxCodes';

/** The document's lines with their tax code, rate and tax set; its values with the total. */
async function apply(c: RuleContext, spec: TaxDefinition, values: Row): Promise<Row> {
  const db = c.trx as unknown as Untyped;
  const def = c.entity.def;
  const lines = (c.lines[spec.lines] ?? []) as Row[];
  const codes = codeEntity(c.registry, def, spec);
  const date = values[spec.date];
  // no date yet (a half-filled Preview): no rate applies, and nothing the client sent is taken
  if (!codes || typeof date !== 'string' || date === '') {
    for (const l of lines) {
      delete l[spec.rate];
      delete l[spec.amount];
    }
    const rest = { ...values };
    delete rest[spec.total];
    return rest;
  }
  const byItem = await itemCodes(
    db,
    c.registry,
    def,
    spec,
    lines.map((l) => idOf(l[spec.item])).filter((x): x is number => x !== null),
  );
  // the item's code decides (else the default): a code a client sends on a line is not taken, so no
  // clerk makes a taxable sale exempt or claims input VAT on exempt goods
  const chosen = lines.map((l) => byItem.get(idOf(l[spec.item]) ?? 0) ?? null);
  const needsDefault = chosen.some((x) => x === null);
  const defaultCode = needsDefault ? await defaultCodeOf(db, spec) : '';
  const { byId, defaultId } = await loadCodes(
    db,
    codes,
    chosen.filter((x): x is number => x !== null),
    defaultCode || null,
  );
  const rates = lines.map((_, i) => {
    const id = chosen[i] ?? defaultId;
    const code = id === null ? undefined : byId.get(id);
    if (!code)
      throw businessRefusal('errors.TaxNoCode', (lang) => ({ line: localDigits(String(i + 1), lang) }));
    const rate = rateOn(code, date);
    if (rate === null)
      throw businessRefusal('errors.TaxNoRate', (lang) => ({
        code: code.code,
        date: lang === 'fa' ? localDigits(isoToJalali(date.slice(0, 10)) ?? date, lang) : date.slice(0, 10),
      }));
    chosen[i] = code.id;
    return rate;
  });
  const own = spec.lineDiscount;
  const figures = taxFigures(
    lines.map((l, i) => ({ base: l[spec.base], rate: rates[i]!, discount: own ? l[own] : 0 })),
    spec.discount ? values[spec.discount] : 0,
    own !== undefined,
  );
  lines.forEach((l, i) => {
    // the lines are the ones stored (the write's own objects)
    l[spec.code] = chosen[i];
    l[spec.rate] = figures.lines[i]!.rate;
    l[spec.amount] = Number(figures.lines[i]!.tax);
  });
  const next: Row = { ...values, [spec.total]: Number(figures.total) };
  if (!def.rules) return next;
  const computed = applyComputed(def.rules, { ...next, ...c.lines });
  for (const child of c.entity.children) delete computed[child.name];
  return { ...computed, [spec.total]: next[spec.total] };
}

export const taxRule: EntityRule = {
  name: 'tax',
  computes: true,
  async run(c) {
    const spec = c.entity.def.tax;
    if (!spec || !c.values || c.action === 'delete') return c.values;
    // a final or cancelled document keeps the figures it was finalised with
    if (c.before && docStateOf(c.before) !== 'draft') return c.values;
    return apply(c, spec, c.values);
  },
};
