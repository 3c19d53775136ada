/**
 * `tax.vat`: the VAT of a period (docs/tax.md) from every document type declaring `tax`
 * (runtime/shared/tax.ts), final in the period: per side (output: sales; input: purchases), tax
 * code and rate, the taxable amount (the lines' amounts less their own discounts) and the tax;
 * returns (`reverses`) count against their side. Each side is tied to the ledger: the movement of
 * the side's VAT account (option `sides.{side}`: a code or a setting holding codes, every account
 * under them) in the period posted by those document types (credit − debit for output, debit −
 * credit for input) and the difference, which is 0 when every final document posted its tax; the
 * account's other entries (manual vouchers, the season's settlement with the tax office) are shown
 * apart. The last row is the period's net VAT (output − input).
 *
 * Who may run it: the report's entity's `view` (accounting.voucher: it reads the ledger), and
 * `view` of every taxed document type with its tax fields not hidden (else 403): the report tells
 * their totals. It has no `scope`, so vendor and customer users are refused (access.ts).
 */
import { sql } from 'kysely';
import { DOC_STATE_FIELD } from '../../../runtime/shared/lifecycle';
import type { Lang } from '../../../runtime/shared/definition';
import { ratePercent, type TaxDefinition } from '../../../runtime/shared/tax';
import type { Untyped } from '../../db/untyped';
import type { Entity } from '../../definitions/registry';
import { forbidden } from '../../http/errors';
import { settingValues } from '../../accounting/chart';
import { accountsUnder, codesOf } from '../../accounting/partyBalance';
import { LEDGER_ENTRIES } from '../../accounting/ledgerTables';
import { fieldModes, hiddenOf } from '../../security/fieldAccess';
import { entityPermissions } from '../../security/permissions';
import { t } from '../../i18n';
import { rangeParam } from '../ledger/common';
import { big, money } from '../money';
import type { ReportSource, SourceCall, SourceRow } from '../source';

type Side = TaxDefinition['side'];
const SIDES: readonly Side[] = ['output', 'input'];
type AccountRef = { code: string } | { setting: string };

interface Taxed {
  entity: Entity;
  spec: TaxDefinition;
}

/** The document types declaring tax that post, each refused unless the caller may read its tax figures. */
async function taxedEntities(call: SourceCall): Promise<Taxed[]> {
  const out: Taxed[] = [];
  for (const entity of call.ctx.registry.all()) {
    const spec = entity.def.tax;
    // a document that posts nothing (a pro-forma) is no tax event, whatever VAT it shows
    if (!spec || !entity.def.posting) continue;
    const perms = await entityPermissions(call.ctx, call.user, entity.key);
    const hidden = hiddenOf(await fieldModes(call.ctx, call.user, entity));
    const reads = [spec.total, `${spec.lines}.${spec.amount}`, `${spec.lines}.${spec.base}`];
    if (!perms.view || reads.some((f) => hidden.has(f))) throw forbidden();
    out.push({ entity, spec });
  }
  return out;
}

/** Per code and rate: taxable amount and tax of a document type's final documents in the range. */
async function documentFigures(db: Untyped, { entity, spec }: Taxed, from: string, to: string) {
  const child = entity.children.find((c) => c.name === spec.lines);
  if (!child) return [];
  const base = spec.lineDiscount
    ? sql`sum(coalesce(l.${sql.ref(spec.base)}, 0) - coalesce(l.${sql.ref(spec.lineDiscount)}, 0))`
    : sql`sum(coalesce(l.${sql.ref(spec.base)}, 0))`;
  const rows = (await db
    .selectFrom(`${child.table} as l`)
    .innerJoin(`${entity.table} as p`, 'p.id', 'l.parent_id')
    .where(`p.${DOC_STATE_FIELD}`, '=', 'final')
    .where(`p.${spec.date}`, '>=', from)
    .where(`p.${spec.date}`, '<=', to)
    .select([
      sql<number | null>`l.${sql.ref(spec.code)}`.as('code'),
      sql<number | null>`l.${sql.ref(spec.rate)}`.as('rate'),
      sql<string>`${base}`.as('base'),
      sql<string>`sum(coalesce(l.${sql.ref(spec.amount)}, 0))`.as('tax'),
    ])
    .groupBy([sql`l.${sql.ref(spec.code)}`, sql`l.${sql.ref(spec.rate)}`])
    .execute()) as { code: unknown; rate: unknown; base: unknown; tax: unknown }[];
  const sign = spec.reverses ? -1n : 1n;
  return rows.map((r) => ({
    code: r.code === null || r.code === undefined ? null : Number(r.code),
    rate: Number(r.rate ?? 0),
    base: sign * big(r.base),
    tax: sign * big(r.tax),
  }));
}

/** The accounts of a side's reference (a code or a setting's codes, with the accounts under them). */
async function sideAccounts(call: SourceCall, ref: AccountRef | undefined): Promise<number[]> {
  if (!ref) return [];
  const db = call.ctx.db as unknown as Untyped;
  const codes =
    'code' in ref ? [ref.code] : codesOf((await settingValues(db, [ref.setting])).get(ref.setting));
  return accountsUnder(db, call.ctx.registry, codes);
}

/** The side's movement of the accounts in the range: by the document types given, and by all entries. */
async function ledgerMovement(
  db: Untyped,
  accounts: number[],
  sources: string[],
  side: Side,
  from: string,
  to: string,
): Promise<{ documents: bigint; all: bigint }> {
  if (accounts.length === 0) return { documents: 0n, all: 0n };
  const move = side === 'output' ? sql`credit - debit` : sql`debit - credit`;
  const inSources = sources.length ? sql`source_entity in (${sql.join(sources)})` : sql`1 = 0`;
  const row = (await db
    .selectFrom(LEDGER_ENTRIES)
    .where('account_id', 'in', accounts)
    .where('date', '>=', from)
    .where('date', '<=', to)
    .select([
      sql<string>`sum(${move})`.as('all'),
      sql<string>`sum(case when ${inSources} then ${move} else 0 end)`.as('documents'),
    ])
    .executeTakeFirst()) as { all: unknown; documents: unknown } | undefined;
  return { documents: big(row?.documents), all: big(row?.all) };
}

/** The tax codes' names by id (of the codes' entities the declarations look up). */
async function codeNames(db: Untyped, taxed: Taxed[], call: SourceCall): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const seen = new Set<string>();
  for (const { entity, spec } of taxed) {
    const key = entity.def.children?.[spec.lines]?.fields[spec.code]?.lookup?.entity;
    const codes = key && !seen.has(key) ? call.ctx.registry.byEntityKey(key) : undefined;
    if (!key || !codes) continue;
    seen.add(key);
    const rows = (await db.selectFrom(codes.table).select(['id', 'code', 'name']).execute()) as Record<
      string,
      unknown
    >[];
    for (const r of rows) out.set(`${key}#${String(r.id)}`, `${String(r.code)} — ${String(r.name)}`);
  }
  return out;
}

const label = (lang: Lang, key: string) => t(lang, `taxReport.${key}`);

async function run(call: SourceCall) {
  const { from, to } = rangeParam(call);
  const db = call.ctx.db as unknown as Untyped;
  const taxed = await taxedEntities(call);
  const names = await codeNames(db, taxed, call);
  const options = (call.def.options?.sides ?? {}) as Partial<Record<Side, AccountRef>>;
  const rows: SourceRow[] = [];
  const taxBySide = new Map<Side, bigint>();
  for (const side of SIDES) {
    const ofSide = taxed.filter((x) => x.spec.side === side);
    const groups = new Map<string, { code: string; rate: number; base: bigint; tax: bigint }>();
    for (const x of ofSide) {
      const codesKey = x.entity.def.children?.[x.spec.lines]?.fields[x.spec.code]?.lookup?.entity ?? '';
      for (const f of await documentFigures(db, x, from, to)) {
        const code = names.get(`${codesKey}#${String(f.code)}`) ?? label(call.lang, 'noCode');
        const key = `${code}|${f.rate}`;
        const g = groups.get(key) ?? { code, rate: f.rate, base: 0n, tax: 0n };
        g.base += f.base;
        g.tax += f.tax;
        groups.set(key, g);
      }
    }
    const sideText = label(call.lang, side);
    let base = 0n;
    let tax = 0n;
    for (const g of [...groups.values()].sort((a, b) => a.code.localeCompare(b.code) || b.rate - a.rate)) {
      base += g.base;
      tax += g.tax;
      rows.push({
        side: sideText,
        taxCode: g.code,
        rate: ratePercent(g.rate, call.lang),
        base: money(g.base),
        tax: money(g.tax),
        ledger: null,
        difference: null,
      });
    }
    const accounts = await sideAccounts(call, options[side]);
    const moved = await ledgerMovement(
      db,
      accounts,
      ofSide.map((x) => x.entity.key),
      side,
      from,
      to,
    );
    rows.push({
      side: sideText,
      taxCode: label(call.lang, `${side}Total`),
      rate: null,
      base: money(base),
      tax: money(tax),
      ledger: money(moved.documents),
      difference: money(tax - moved.documents),
      rowKind: 'subtotal',
    });
    rows.push({
      side: sideText,
      taxCode: label(call.lang, 'otherEntries'),
      rate: null,
      base: null,
      tax: null,
      ledger: money(moved.all - moved.documents),
      difference: null,
      rowKind: 'subtotal',
    });
    taxBySide.set(side, tax);
  }
  rows.push({
    side: label(call.lang, 'net'),
    taxCode: null,
    rate: null,
    base: null,
    tax: money((taxBySide.get('output') ?? 0n) - (taxBySide.get('input') ?? 0n)),
    ledger: null,
    difference: null,
    rowKind: 'total',
  });
  return { rows, totals: {} };
}

const FIELDS = ['side', 'taxCode', 'rate', 'base', 'tax', 'ledger', 'difference'];

export const taxVat: ReportSource = {
  name: 'tax.vat',
  params: { range: 'dateRange' },
  requiredParams: ['range'],
  fields: () => FIELDS,
  optionProblems(options) {
    const out = Object.keys(options)
      .filter((k) => k !== 'sides')
      .map((k) => `/options/${k}: unknown option`);
    const sides = options.sides;
    if (sides !== undefined && (typeof sides !== 'object' || sides === null || Array.isArray(sides)))
      out.push('/options/sides: { "output" | "input": { "code" } or { "setting" } }');
    else
      for (const [side, ref] of Object.entries((sides ?? {}) as Record<string, unknown>)) {
        const ok =
          (SIDES as readonly string[]).includes(side) &&
          typeof ref === 'object' &&
          ref !== null &&
          (typeof (ref as { code?: unknown }).code === 'string' ||
            typeof (ref as { setting?: unknown }).setting === 'string');
        if (!ok) out.push(`/options/sides/${side}: { "code" } or { "setting" } of the output or input side`);
      }
    return out;
  },
  // the figures are of other entities (the taxed documents, checked in taxedEntities), not the voucher's
  reads: () => [],
  run,
};
