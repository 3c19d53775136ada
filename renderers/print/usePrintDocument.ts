/**
 * Loads what a print needs: the row (Print, which needs the print permission; Get for clients
 * without it), the rows its lookups name and those the format shows (Get of each entity, so the
 * server's permissions, row scope and field modes apply) and the company header, then builds the
 * sheet (runtime/shared/print/sheetModel.ts) the server's PDF builds too.
 */
import { useTranslation } from 'react-i18next';
import { useLoad } from '../hooks/useLoad';
import type { EntityClient } from '../../runtime/entity/types';
import type { EntityDefinition, Lang } from '../../runtime/shared/definition';
import { todayIso } from '../../runtime/shared/jalali';
import type { PrintCompany, PrintFormat } from '../../runtime/shared/printFormat';
import { loadLookups } from '../../runtime/shared/print/loadPrint';
import { printModel, type PrintModel } from '../../runtime/shared/print/printData';
import { sheetLabels, sheetModels, type SheetModel } from '../../runtime/shared/print/sheetModel';

export type PrintState =
  { state: 'loading' } | { state: 'failed' } | { state: 'ready'; sheets: SheetModel[]; generic: PrintModel };

export function usePrintDocument(
  definition: EntityDefinition,
  format: PrintFormat,
  client: Pick<EntityClient, 'get' | 'print'>,
  clientFor: ((entityKey: string) => Pick<EntityClient, 'get'>) | undefined,
  id: number,
  lang: Lang,
  company: () => Promise<PrintCompany>,
): PrintState {
  const { t } = useTranslation();
  const load = useLoad(async () => {
    const row = await (client.print ? client.print(id) : client.get(id));
    const fetch = async (entity: string, ref: number) =>
      clientFor ? await clientFor(entity).get(ref) : null;
    const [{ texts, rows }, header] = await Promise.all([
      loadLookups(definition, format, row, fetch),
      company(),
    ]);
    // one sheet, or one per line of a format printed for each line (payslips)
    const sheets = sheetModels({
      definition,
      format,
      row,
      texts,
      rows,
      company: header,
      lang,
      labels: sheetLabels((key) => t(key)),
      today: todayIso(),
    });
    return { sheets, generic: printModel(definition, row, texts, lang) };
  }, [definition, format, client, clientFor, id, lang, company, t]);
  if (load.data) return { state: 'ready', ...load.data };
  return load.failed ? { state: 'failed' } : { state: 'loading' };
}
