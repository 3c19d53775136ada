/**
 * Numbers of the demo's documents that became final in bulk (./lifecycle.ts) without one: a
 * document numbered on finalise (`numbering.on: 'finalise'`) takes the next numbers of its series
 * in the order of its date, as if finalised day by day; a cancelled one keeps the number it had
 * while final. The series first start past the numbers the demo wrote itself. Generic: nothing
 * here names an entity but the ledger's vouchers.
 *
 * Two passes: `seedDocumentNumbers` right after the documents became final, so that what is made
 * of them later (stock entries naming their source, voucher descriptions «فاکتور فروش {{number}}»,
 * settlements naming the invoice) reads their numbers; and `seedNumbers`, the last seeder, for the
 * vouchers (after the opening voucher took V-1405-000001 and the postings theirs) and whatever
 * later seeders made final without a number.
 */
import { sql } from 'kysely';
import { formatNumber } from '../../../runtime/shared/numbering';
import { DOC_STATE_FIELD } from '../../../runtime/shared/lifecycle';
import { takeCounters } from '../../accounting/counters';
import type { Untyped } from '../../db/untyped';
import { toApiRow, type Row } from '../../entities/rows';
import { newLookups, seriesFor, startSeriesPastRows } from '../../numbering/series';
import { VOUCHER_ENTITY } from '../../../runtime/shared/detailAccount';
import type { Seeder } from './seeder';

const CHUNK = 500;

/** Numbers the final and cancelled rows without one of every entity `wanted` accepts. */
const numbersOf =
  (wanted: (entityKey: string) => boolean): Seeder =>
  async ({ db, ctx }) => {
    await numberRows(db as unknown as Untyped, ctx, wanted);
  };

/** The documents (not the vouchers), before stock and postings are made of them. */
export const seedDocumentNumbers: Seeder = numbersOf((key) => key !== VOUCHER_ENTITY);

/** Everything still without a number: the vouchers, the later seeders' documents. */
export const seedNumbers: Seeder = numbersOf(() => true);

/** Numbers one entity's final rows without a number (a seeder that posts them right after). */
export async function numberFinalRows(
  db: Untyped,
  ctx: Parameters<Seeder>[0]['ctx'],
  entityKey: string,
): Promise<void> {
  await numberRows(db, ctx, (key) => key === entityKey);
}

async function numberRows(
  untyped: Untyped,
  ctx: Parameters<Seeder>[0]['ctx'],
  wanted: (entityKey: string) => boolean,
): Promise<void> {
  for (const entity of ctx.registry.all()) {
    if (!wanted(entity.key)) continue;
    const spec = entity.def.numbering;
    if (spec?.on !== 'finalise') continue;
    let q = untyped
      .selectFrom(entity.table)
      .selectAll()
      .where(spec.field, 'is', null)
      .where(DOC_STATE_FIELD, 'in', ['final', 'cancelled']);
    const dateField = entity.def.period?.field;
    if (dateField) q = q.orderBy(dateField);
    const rows = (await q.orderBy('id').execute()).map((row) => toApiRow(entity, row as Row));
    if (rows.length === 0) continue;
    await startSeriesPastRows(untyped, ctx.registry, entity);
    const lookups = newLookups();
    const series: string[] = [];
    for (const row of rows) series.push(await seriesFor(untyped, ctx.registry, entity, row, lookups));
    const next = new Map<string, number>();
    for (const s of new Set(series))
      next.set(s, await takeCounters(untyped, entity.key, s, series.filter((x) => x === s).length));
    const numbered = rows.map((row, i) => {
      const s = series[i]!;
      const counter = next.get(s)!;
      next.set(s, counter + 1);
      return { id: Number(row.id), number: formatNumber(s, counter) };
    });
    // a few statements, not one per row: `case id when … then … end` over a chunk
    for (let at = 0; at < numbered.length; at += CHUNK) {
      const chunk = numbered.slice(at, at + CHUNK);
      const cases = sql.join(
        chunk.map((n) => sql`when ${n.id} then ${n.number}`),
        sql` `,
      );
      await untyped
        .updateTable(entity.table)
        .set({ [spec.field]: sql`case id ${cases} end` })
        .where(
          'id',
          'in',
          chunk.map((n) => n.id),
        )
        .execute();
    }
  }
}
