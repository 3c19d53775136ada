/**
 * The sheets of a server print (the PDF): each row read as Print reads it (row scope; 404 for a row
 * the user may not read), without the fields hidden from the role, its lookups read with the user's
 * own permissions, row scope and field modes (as the browser's Get of each would), the format of
 * the definition, the company settings — the same SheetModel the browser's print view draws.
 */
import type { AppContext, CurrentUser } from '../context';
import type { Entity } from '../definitions/registry';
import type { Untyped } from '../db/untyped';
import type { EntityRow, Lang } from '../../runtime/shared/definition';
import { todayIso } from '../../runtime/shared/jalali';
import { printFormatOf } from '../../runtime/shared/printFormat';
import { loadLookups, type FetchRow } from '../../runtime/shared/print/loadPrint';
import { sheetLabels, sheetModels, type SheetModel } from '../../runtime/shared/print/sheetModel';
import { getRow } from '../entities/repository';
import { entityPermissions } from '../security/permissions';
import { fieldModes, hiddenOf, stripAnswer } from '../security/fieldAccess';
import { t } from '../i18n';
import { printCompany } from './company';

/** A row as the user may read it through Get: null without the view permission or outside its scope. */
function userFetch(ctx: AppContext, user: CurrentUser): FetchRow {
  return async (key, id) => {
    const other = ctx.registry.byEntityKey(key);
    if (!other || !(await entityPermissions(ctx, user, key)).view) return null;
    const row = await getRow(ctx, other, user, id).catch(() => null);
    if (!row) return null;
    return stripAnswer(row, hiddenOf(await fieldModes(ctx, user, other))) as Record<string, unknown>;
  };
}

export async function printSheets(
  ctx: AppContext,
  entity: Entity,
  user: CurrentUser,
  ids: number[],
  formatName: string | undefined,
  lang: Lang,
): Promise<SheetModel[]> {
  const format = printFormatOf(entity.def, formatName);
  const hidden = hiddenOf(await fieldModes(ctx, user, entity));
  const company = await printCompany(ctx.db as unknown as Untyped);
  const fetch = userFetch(ctx, user);
  const labels = sheetLabels((key) => t(lang, key));
  const out: SheetModel[] = [];
  for (const id of ids) {
    // not found (404) when outside the user's row scope, as Get and Print answer
    const row = stripAnswer(await getRow(ctx, entity, user, id), hidden) as EntityRow;
    const { texts, rows } = await loadLookups(entity.def, format, row, fetch);
    // one sheet, or one per line of a format printed for each line (payslips)
    out.push(
      ...sheetModels({
        definition: entity.def,
        format,
        row,
        texts,
        rows,
        company,
        lang,
        labels,
        today: todayIso(),
      }),
    );
  }
  return out;
}
