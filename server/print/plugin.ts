/**
 * Print routes (docs/print.md):
 * - POST /api/Print/Company: the company header of printed sheets (settings `company.*`), for any
 *   signed-in user (it is printed on every invoice the company issues).
 * - POST /api/{Module}/{Entity}/Print/Pdf { ids, format? }: the PDF of the rows, one after another,
 *   under the same checks as Print (the print permission, licence, branches, row scope: a row the
 *   user may not read is 404; hidden fields are not printed).
 * - POST /api/{Module}/{Entity}/Print/List { filterModel, sortModel, q, columns }: the rows a grid's
 *   filter, sort and search select for a list print (listPrint.ts), under the print permission,
 *   licence and branches; GetList's row scope and field modes apply.
 */
import type { FastifyInstance } from 'fastify';
import type { CurrentUser } from '../context';
import type { Untyped } from '../db/untyped';
import { authenticate } from '../auth/authenticate';
import { readBody, selectedYear } from '../http/business';
import { badRequest, forbidden, HttpError, unknownEntity } from '../http/errors';
import { ok } from '../../runtime/shared/envelope';
import { isRowId } from '../../runtime/shared/bounds';
import { entityPermissions } from '../security/permissions';
import { checkBranches, checkLicence } from '../entities/gates';
import { t } from '../i18n';
import { printCompany } from './company';
import { printSheets } from './sheets';
import { NoChromiumError, renderPdf } from './pdf';
import { listPrintRows } from './listPrint';

/** At most this many rows in one PDF (the grid's selection). */
export const MAX_PDF_ROWS = 200;

function pdfIds(body: Record<string, unknown>): number[] {
  const raw = Array.isArray(body.ids) ? body.ids : [body.id];
  if (raw.length === 0 || raw.length > MAX_PDF_ROWS) throw badRequest();
  if (!raw.every((v): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0))
    throw badRequest();
  if (!raw.every(isRowId)) throw new HttpError(404, 'NotFound');
  return [...new Set(raw)];
}

export async function printPlugin(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  app.post<{ Params: { module: string; entity: string } }>(
    '/api/:module/:entity/Print/List',
    async (req, reply) => {
      const entity = ctx.registry.byApiPath(req.params.module, req.params.entity);
      if (!entity) throw unknownEntity();
      const body = readBody(req);
      const user = (await authenticate(ctx, req, 'required', false)) as CurrentUser;
      if (!(await entityPermissions(ctx, user, entity.key)).print) throw forbidden();
      checkLicence(ctx, entity);
      await checkBranches(ctx, entity, req);
      return reply.send(ok(await listPrintRows(ctx, entity, user, body, req.lang, selectedYear(req))));
    },
  );
  app.post('/api/Print/Company', async (req, reply) => {
    await authenticate(ctx, req, 'required', false);
    return reply.send(ok(await printCompany(ctx.db as unknown as Untyped)));
  });
  app.post<{ Params: { module: string; entity: string } }>(
    '/api/:module/:entity/Print/Pdf',
    async (req, reply) => {
      const entity = ctx.registry.byApiPath(req.params.module, req.params.entity);
      if (!entity) throw unknownEntity();
      const body = readBody(req);
      const user = (await authenticate(ctx, req, 'required', false)) as CurrentUser;
      if (!(await entityPermissions(ctx, user, entity.key)).print) throw forbidden();
      checkLicence(ctx, entity);
      await checkBranches(ctx, entity, req);
      const ids = pdfIds(body);
      const format = typeof body.format === 'string' ? body.format : undefined;
      const sheets = await printSheets(ctx, entity, user, ids, format, req.lang);
      try {
        const pdf = await renderPdf(sheets);
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `inline; filename="${entity.def.name}.pdf"`)
          .send(pdf);
      } catch (e) {
        if (!(e instanceof NoChromiumError)) throw e;
        const message = t(req.lang, 'printFormat.noChromium');
        throw new HttpError(503, 'UnspecifiedErrorOccurredPleaseContactSupport', [
          { FieldName: '', Message: message, Key: 'printFormat.noChromium', Params: {} },
        ]);
      }
    },
  );
}
