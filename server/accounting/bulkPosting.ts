/**
 * Postings in bulk, for rows written without the write pipeline (the demo seed, an import): every
 * final (or cancelled, so once final) document of a definition with `posting` that has no voucher
 * yet gets the voucher its declaration builds (the same pure builder as a Finalise,
 * postingBuilder.ts, over one PostingWorld read for all of them), numbered from the voucher
 * series' counters, with its ledger entries; a cancelled one gets its reversal too. Final vouchers
 * without ledger entries (manual ones finalised in bulk) get them. Thousands of documents in a few
 * statements per thousand, inside the caller's transaction. Idempotent: run again, it adds nothing.
 */
import type { EntityDefinition } from '../../runtime/shared/definition';
import { VOUCHER_ENTITY } from '../../runtime/shared/detailAccount';
import { DOC_STATE_FIELD } from '../../runtime/shared/lifecycle';
import { formatNumber } from '../../runtime/shared/numbering';
import type { AppContext } from '../context';
import type { Entity } from '../definitions/registry';
import type { Untyped } from '../db/untyped';
import type { Lines } from '../entities/document';
import { toApiRow, toColumns, type Row } from '../entities/rows';
import { newLookups, seriesFor } from '../numbering/series';
import { takeCounters } from './counters';
import { entriesOf } from './ledgerEffect';
import { addEntries, type LedgerEntry } from './ledgerStore';
import { LEDGER_ENTRIES } from './ledgerTables';
import { buildPosting, PostingRefused, type BuiltLine, type BuiltVoucher } from './postingBuilder';
import { voucherValues, type VoucherKind, type VoucherSource } from './postingEffect';
import { loadPostingWorld } from './postingWorld';
import { storedStockCosts, withStockCosts } from '../inventory/stockCosts';

const CHUNK = 500;

/** The lines of documents by id, per child table (in line order). */
async function linesOf(db: Untyped, entity: Entity, ids: readonly number[]): Promise<Map<number, Lines>> {
  const out = new Map<number, Lines>(ids.map((id) => [id, {}]));
  for (const child of entity.children)
    for (let at = 0; at < ids.length; at += CHUNK) {
      const rows = (await db
        .selectFrom(child.table)
        .selectAll()
        .where('parent_id', 'in', ids.slice(at, at + CHUNK))
        .orderBy('parent_id')
        .orderBy('line_no')
        .execute()) as Row[];
      for (const r of rows) {
        const lines = out.get(Number(r.parent_id));
        if (!lines) continue;
        (lines[child.name] ??= []).push(toApiRow(child, r));
      }
    }
  return out;
}

/** A voucher to insert: built lines, its kind, source and the voucher it reverses. */
export interface PendingVoucher {
  built: Omit<BuiltVoucher, 'branch'> & { branch?: number | null };
  kind: VoucherKind;
  source: VoucherSource | null;
  reverses?: number;
}

/**
 * Inserts final vouchers (numbered from their series, in the state their lifecycle finalises
 * from) with their lines and ledger entries; answers their ids. Also the demo's opening voucher
 * (server/demo/seeders/finance.ts).
 */
export async function insertVouchers(
  db: Untyped,
  ctx: AppContext,
  pending: PendingVoucher[],
): Promise<number[]> {
  const voucher = ctx.registry.byEntityKey(VOUCHER_ENTITY);
  const child = voucher?.children.find((c) => c.name === 'lines');
  if (!voucher || !child || pending.length === 0) return [];
  // numbers: per series (the year of the date), a block of counters each
  const lookups = newLookups();
  const series: string[] = [];
  for (const p of pending)
    series.push(await seriesFor(db, ctx.registry, voucher, { date: p.built.date }, lookups));
  const counts = new Map<string, number>();
  for (const s of series) counts.set(s, (counts.get(s) ?? 0) + 1);
  const next = new Map<string, number>();
  for (const [s, n] of counts) next.set(s, await takeCounters(db, voucher.key, s, n));
  const numbers = series.map((s) => {
    const counter = next.get(s) ?? 1;
    next.set(s, counter + 1);
    return formatNumber(s, counter);
  });
  // a final voucher stands in the first workflow state it may be finalised from (lifecycle.finaliseFrom)
  const wf = voucher.def.workflow;
  const state = voucher.def.lifecycle?.finaliseFrom?.[0] ?? wf?.initial;
  const now = new Date().toISOString();
  const made = pending.map((p, i) => {
    const { values, lines } = voucherValues(p.built, p.kind, p.source, p.reverses);
    const row: Row = {
      ...values,
      number: numbers[i],
      [DOC_STATE_FIELD]: 'final',
      ...(state && wf ? { [wf.field]: state } : {}),
    };
    return { row, lines: lines.lines ?? [] };
  });
  const ids: number[] = [];
  for (let at = 0; at < made.length; at += CHUNK) {
    const inserted = (await db
      .insertInto(voucher.table)
      .values(
        made.slice(at, at + CHUNK).map((m) => ({
          ...toColumns(voucher, m.row, ctx.dialect),
          version: 1,
          created_at: now,
          updated_at: now,
        })),
      )
      .returning('id')
      .execute()) as { id: unknown }[];
    // both databases answer a multi-row RETURNING in insert order; sorted to be safe (ids ascend)
    ids.push(...inserted.map((r) => Number(r.id)).sort((a, b) => a - b));
  }
  const lineRows: Row[] = [];
  const entries: LedgerEntry[] = [];
  made.forEach((m, i) => {
    const id = ids[i] ?? 0;
    m.lines.forEach((line, n) =>
      lineRows.push({ ...toColumns(child, line, ctx.dialect), parent_id: id, line_no: n }),
    );
    entries.push(...entriesOf({ ...m.row, id }, m.lines));
  });
  for (let at = 0; at < lineRows.length; at += CHUNK)
    await db
      .insertInto(child.table)
      .values(lineRows.slice(at, at + CHUNK))
      .execute();
  await addEntries(db, entries);
  return ids;
}

/** The reversal of a built voucher: same date, debit and credit swapped. */
function reversalOf(built: BuiltVoucher, number: string, prefix: string): PendingVoucher['built'] {
  const lines: BuiltLine[] = built.lines.map((l) => ({ ...l, debit: l.credit, credit: l.debit }));
  return {
    date: built.date,
    description: `${prefix} ${number} — ${built.description}`.slice(0, 400),
    lines,
    totalDebit: built.totalCredit,
    totalCredit: built.totalDebit,
  };
}

/**
 * Posts every final or cancelled document of `key` that has no voucher yet (a cancelled one: its
 * voucher and the reversal). Answers the number of vouchers written. Refusals are errors here: the
 * rows were meant to be posted (demo data, an import).
 */
export async function postInBulk(
  db: Untyped,
  ctx: AppContext,
  key: string,
  reversalPrefix: string,
): Promise<number> {
  const entity = ctx.registry.byEntityKey(key);
  const voucher = ctx.registry.byEntityKey(VOUCHER_ENTITY);
  const def: EntityDefinition | undefined = entity?.def;
  if (!entity || !voucher || !def?.posting || !def.lifecycle) return 0;
  const stored = (await db
    .selectFrom(entity.table)
    .selectAll()
    .where(DOC_STATE_FIELD, 'in', ['final', 'cancelled'])
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom(voucher.table)
            .select('id')
            .where('sourceEntity', '=', key)
            .whereRef(`${voucher.table}.sourceId`, '=', `${entity.table}.id`),
        ),
      ),
    )
    .orderBy('id')
    .execute()) as Row[];
  if (stored.length === 0) return 0;
  const rows = stored.map((r) => toApiRow(entity, r));
  const lines = await linesOf(
    db,
    entity,
    rows.map((r) => Number(r.id)),
  );
  // the costs their stock entries hold (server/inventory/stockCosts.ts), as a Finalise's posting sees them
  const costs = await storedStockCosts(
    db,
    entity,
    rows.map((r) => ({ id: Number(r.id), lines: lines.get(Number(r.id)) ?? {} })),
  );
  const docs = rows.map((values) => ({
    def,
    ...withStockCosts(values, lines.get(Number(values.id)) ?? {}, costs.get(Number(values.id))),
  }));
  const world = await loadPostingWorld(db, ctx.registry, def, docs);
  const posted: { doc: (typeof docs)[number]; built: BuiltVoucher }[] = [];
  for (const doc of docs) {
    let built: BuiltVoucher | null;
    try {
      built = buildPosting(doc, world);
    } catch (e) {
      if (e instanceof PostingRefused)
        throw new Error(
          `${key} ${String(doc.values.id)} does not post: ${e.key} ${JSON.stringify(e.params('en'))}`,
        );
      throw e;
    }
    if (built) posted.push({ doc, built });
  }
  const source = (doc: (typeof docs)[number]) => ({ entity: key, id: Number(doc.values.id) });
  const ids = await insertVouchers(
    db,
    ctx,
    posted.map(({ doc, built }) => ({ built, kind: 'posted', source: source(doc) })),
  );
  // a cancelled document: its voucher was reversed when it was cancelled
  const reversals: PendingVoucher[] = [];
  const numbers = await voucherNumbers(db, voucher, ids);
  posted.forEach(({ doc, built }, i) => {
    if (doc.values[DOC_STATE_FIELD] !== 'cancelled') return;
    const id = ids[i] ?? 0;
    reversals.push({
      built: reversalOf(built, numbers.get(id) ?? String(id), reversalPrefix),
      kind: 'reversal',
      source: source(doc),
      reverses: id,
    });
  });
  await insertVouchers(db, ctx, reversals);
  return ids.length + reversals.length;
}

async function voucherNumbers(db: Untyped, voucher: Entity, ids: number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  for (let at = 0; at < ids.length; at += CHUNK) {
    const rows = (await db
      .selectFrom(voucher.table)
      .select(['id', 'number'])
      .where('id', 'in', ids.slice(at, at + CHUNK))
      .execute()) as { id: unknown; number: unknown }[];
    for (const r of rows) out.set(Number(r.id), String(r.number));
  }
  return out;
}

/** Ledger entries for every final voucher that has none (vouchers finalised in bulk); answers how many vouchers. */
export async function ledgerOfFinalVouchers(db: Untyped, ctx: AppContext): Promise<number> {
  const voucher = ctx.registry.byEntityKey(VOUCHER_ENTITY);
  if (!voucher) return 0;
  const stored = (await db
    .selectFrom(voucher.table)
    .selectAll()
    .where(DOC_STATE_FIELD, '=', 'final')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom(LEDGER_ENTRIES)
            .select('id')
            .whereRef(`${LEDGER_ENTRIES}.voucher_id`, '=', `${voucher.table}.id`),
        ),
      ),
    )
    .orderBy('id')
    .execute()) as Row[];
  for (let at = 0; at < stored.length; at += CHUNK) {
    const part = stored.slice(at, at + CHUNK).map((r) => toApiRow(voucher, r));
    const lines = await linesOf(
      db,
      voucher,
      part.map((r) => Number(r.id)),
    );
    await addEntries(
      db,
      part.flatMap((row) => entriesOf(row, lines.get(Number(row.id))?.lines ?? [])),
    );
  }
  return stored.length;
}
