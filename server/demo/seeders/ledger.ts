/**
 * The demo's books: after the lifecycle seeder made a fifth of each document kind final (and a few
 * cancelled), every such document of a definition with `posting` gets its voucher (and a cancelled
 * one its reversal), and every final voucher its ledger entries, in bulk
 * (server/accounting/bulkPosting.ts: the same builder as a Finalise), so the ledger and the reports
 * show the demo's final documents. A later seeder (a year of activity) calls the same functions.
 */
import type { Untyped } from '../../db/untyped';
import { postInBulk, ledgerOfFinalVouchers } from '../../accounting/bulkPosting';
import { t } from '../../i18n';
import type { Seeder } from './seeder';

export const seedLedger: Seeder = async ({ db, ctx }) => {
  const untyped = db as unknown as Untyped;
  for (const entity of ctx.registry.all())
    if (entity.def.posting && entity.def.lifecycle)
      await postInBulk(untyped, ctx, entity.key, t('fa', 'posting.reversalPrefix'));
  await ledgerOfFinalVouchers(untyped, ctx);
};
