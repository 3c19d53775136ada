/**
 * The vouchers of workflow transitions in bulk, for rows written without the write pipeline (the
 * demo's cheques, deposited, cleared or bounced on the days their history says): each move
 * `{ id, from, to, date }` of a document of `key` whose transition declares `posting` gets the
 * voucher a transition made through the API posts (the same builder, postingBuilder.ts, over one
 * PostingWorld per transition), dated `date`, numbered from the voucher series, with its ledger
 * entries. Moves are posted in the order given (a document's in the order it made them).
 */
import type { WorkflowTransition } from '../../runtime/shared/definition';
import { findTransition } from '../../runtime/shared/workflow';
import type { AppContext } from '../context';
import type { Untyped } from '../db/untyped';
import { toApiRow, type Row } from '../entities/rows';
import { insertVouchers, linesOf, type PendingVoucher } from './bulkPosting';
import { buildPosting, PostingRefused } from './postingBuilder';
import { loadPostingWorld } from './postingWorld';

export interface BulkMove {
  id: number;
  from: string;
  to: string;
  /** The day the transition was made (the voucher's date). */
  date: string;
}

/** Posts the vouchers of `moves`; answers how many were written. Refusals are errors (demo data). */
export async function postMovesInBulk(
  db: Untyped,
  ctx: AppContext,
  key: string,
  moves: readonly BulkMove[],
): Promise<number> {
  const entity = ctx.registry.byEntityKey(key);
  const wf = entity?.def.workflow;
  if (!entity || !wf || moves.length === 0) return 0;
  const ids = [...new Set(moves.map((m) => m.id))];
  const rows = new Map<number, Row>();
  for (let at = 0; at < ids.length; at += 500) {
    const part = (await db
      .selectFrom(entity.table)
      .selectAll()
      .where('id', 'in', ids.slice(at, at + 500))
      .execute()) as Row[];
    for (const r of part) rows.set(Number(r.id), toApiRow(entity, r));
  }
  const lines = await linesOf(db, entity, ids);
  // per transition: the documents it posts for, and one world for them all
  const byTransition = new Map<WorkflowTransition, BulkMove[]>();
  for (const m of moves) {
    const row = rows.get(m.id);
    const tr = row ? findTransition(wf, m.from, m.to, row) : undefined;
    if (!tr?.posting) continue;
    byTransition.set(tr, [...(byTransition.get(tr) ?? []), m]);
  }
  const pending = new Map<BulkMove, PendingVoucher>();
  for (const [tr, list] of byTransition) {
    const docs = list.map((m) => ({
      def: entity.def,
      values: rows.get(m.id)!,
      lines: lines.get(m.id) ?? {},
    }));
    const world = await loadPostingWorld(db, ctx.registry, entity.def, docs, tr.posting);
    list.forEach((m, i) => {
      try {
        const built = buildPosting(docs[i]!, world, { posting: tr.posting, date: m.date });
        if (built) pending.set(m, { built, kind: 'posted', source: { entity: key, id: m.id } });
      } catch (e) {
        if (e instanceof PostingRefused)
          throw new Error(
            `${key} ${m.id} ${m.from}→${m.to} does not post: ${e.key} ${JSON.stringify(e.params('en'))}`,
          );
        throw e;
      }
    });
  }
  const ordered = moves.flatMap((m) => {
    const p = pending.get(m);
    return p ? [p] : [];
  });
  return (await insertVouchers(db, ctx, ordered)).length;
}
