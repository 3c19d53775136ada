/**
 * Report definitions (docs/api.md «Report definitions»): Report/Definition/Get, Run and Export.
 * Each follows the licence and the selected branches of the report's entity as its GetList does.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext, CurrentUser } from '../context';
import { authenticate } from '../auth/authenticate';
import { checkBranches, checkLicence } from '../entities/gates';
import { businessRoute, readBody, selectedYear } from '../http/business';
import { HttpError } from '../http/errors';
import { errorText } from '../i18n';
import { XLSX_TYPE, reportDisposition, reportWorkbook } from './export';
import { namedReport, reportDefinitionAnswer, runReportDefinition } from './run';

async function gates(ctx: AppContext, req: FastifyRequest, body: Record<string, unknown>): Promise<void> {
  const entity = ctx.registry.byEntityKey(namedReport(ctx, body, req.lang).entity);
  if (!entity) return;
  checkLicence(ctx, entity);
  await checkBranches(ctx, entity, req);
}

export async function reportDefinitionsPlugin(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  businessRoute(app, 'Report/Definition/Get', async ({ req, user, body, selectedYear }) => {
    await gates(ctx, req, body);
    return reportDefinitionAnswer(ctx, user, body, req.lang, selectedYear);
  });

  businessRoute(app, 'Report/Definition/Run', async ({ req, user, body, selectedYear }) => {
    await gates(ctx, req, body);
    return (await runReportDefinition(ctx, user, body, req.lang, selectedYear)).result;
  });

  // the file is the answer; a refusal answers its status with the translated message as text, as
  // the entity Export does (the client decodes binary error bodies)
  app.post('/api/Report/Definition/Export', async (req, reply) => {
    const body = readBody(req);
    const user = (await authenticate(ctx, req, 'required', false)) as CurrentUser;
    try {
      await gates(ctx, req, body);
      const run = await runReportDefinition(ctx, user, body, req.lang, selectedYear(req), 'export');
      const file = await reportWorkbook(run.def, run.columns(), run.result, req.lang);
      return reply
        .type(XLSX_TYPE)
        .header('content-disposition', reportDisposition(run.def, req.lang))
        .send(file);
    } catch (e) {
      if (!(e instanceof HttpError)) throw e;
      const fields = e.fields.map((f) => f.Message ?? f.FieldName).filter(Boolean);
      const text = `${errorText(req.lang, e.key)}${fields.length ? ` (${fields.join(', ')})` : ''}`;
      return reply.code(e.status).type('application/octet-stream').send(Buffer.from(text, 'utf8'));
    }
  });
}
