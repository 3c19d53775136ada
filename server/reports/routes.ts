/**
 * Reports plugin: Report/Run (grouped totals over one entity), Report/Dashboard (the user's
 * dashboard widgets with their figures) and Report/Entities (entities the user may report on).
 */
import type { FastifyInstance } from 'fastify';
import { localText } from '../../runtime/shared/definition';
import { businessRoute } from '../http/business';
import { t } from '../i18n';
import { columnsOf } from '../entities/columns';
import { permissionsByEntity } from '../security/permissions';
import { fieldModes, hiddenOf } from '../security/fieldAccess';
import { userDashboard } from './dashboard';
import { readReportRequest, runReport } from './run';
import { runBuilder } from './builder';
import { userBoards } from './boards';
import { lineFieldsOf } from './builderFields';
import { checkBuilderSpec } from '../../runtime/shared/reportBuilder';
import { listError } from '../entities/filters';

export async function reportsPlugin(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  // both follow the fiscal period of the selectedYear header, as GetList does (entities/period.ts)
  businessRoute(app, 'Report/Run', async ({ req, user, body, selectedYear }) => ({
    rows: await runReport(ctx, user, readReportRequest(body, req.lang), req.lang, selectedYear),
  }));

  // the analyst's report: several dimensions and measures over an entity and its lines (builder.ts)
  businessRoute(app, 'Report/Build', async ({ req, user, body, selectedYear }) => {
    const checked = checkBuilderSpec(body);
    if (checked.problem !== undefined) throw listError(req.lang, checked.problem);
    return runBuilder(ctx, user, checked.spec, req.lang, selectedYear);
  });

  // the dashboards built in the app for the caller's role, figures computed as the caller (boards.ts)
  businessRoute(app, 'Report/Boards', async ({ req, user, selectedYear }) =>
    userBoards(ctx, user, req.lang, selectedYear),
  );

  businessRoute(app, 'Report/Dashboard', async ({ req, user, selectedYear }) =>
    userDashboard(ctx, user, req.lang, new Date(), selectedYear),
  );

  businessRoute(app, 'Report/Entities', async ({ req, user }) => {
    const perms = await permissionsByEntity(ctx, user);
    const out = [];
    for (const e of ctx.registry.all()) {
      if (!perms.get(e.key)?.view) continue;
      const hidden = hiddenOf(await fieldModes(ctx, user, e));
      out.push({
        key: e.key,
        title: localText(e.def.title, req.lang),
        fields: [...columnsOf(e).entries()]
          .filter(([name]) => !hidden.has(name))
          .map(([name, col]) => ({
            name,
            kind: col.kind,
            label: e.def.fields[name]
              ? localText(e.def.fields[name].label, req.lang)
              : t(req.lang, `report.systemFields.${name}`),
          })),
        // the report builder's line fields (`child.field`), as the caller's role may see them
        lineFields: lineFieldsOf(e, hidden, req.lang),
      });
    }
    return out.sort((a, b) => a.title.localeCompare(b.title, req.lang));
  });
}
