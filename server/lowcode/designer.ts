/** SystemConfig/Designer/* (docs/lowcode-api.md): definitions stored in the database, versioned. */
import type { FastifyInstance } from 'fastify';
import { localText, type EntityDefinition } from '../../runtime/shared/definition';
import { businessRoute } from '../http/business';
import { badRequest, notFound } from '../http/errors';
import { entityKey } from '../definitions/registry';
import { definitionMetaSchema } from '../definitions/load';
import { validationSchema, validatorUrl } from '../definitions/validators';
import { requirePermission } from '../security/permissions';
import type { AppContext, CurrentUser } from '../context';
import { activeVersions, versionsOf } from './store';
import { plan, publish, validDefinition } from './publish';
import { DESIGNER } from './pseudo';
import type { PlanAnswer } from '../../runtime/shared/plan';

const allowed = (ctx: AppContext, user: CurrentUser) => requirePermission(ctx, user, DESIGNER, 'edit');

/** URLs of standalone validators of a draft definition, for the designer's live preview. */
function previewValidators(ctx: AppContext, def: EntityDefinition) {
  const modules = ctx.registry.validators;
  const children: Record<string, string> = {};
  for (const [name, child] of Object.entries(def.children ?? {}))
    children[name] = validatorUrl(def.module, def.name, name, modules.ensure(validationSchema(child.schema)));
  const record = validatorUrl(def.module, def.name, 'record', modules.ensure(validationSchema(def.schema)));
  return { record, children };
}

function withoutValidators(def: EntityDefinition): EntityDefinition {
  const copy = { ...def };
  delete copy.validators;
  return copy;
}

export async function designerPlugin(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  businessRoute(app, 'SystemConfig/Designer/List', async ({ req, user }) => {
    await allowed(ctx, user);
    const active = await activeVersions(ctx.db);
    return ctx.registry
      .all()
      .map((e) => {
        const stored = active.get(e.key);
        return {
          key: e.key,
          module: e.def.module,
          name: e.def.name,
          title: localText(e.def.title, req.lang),
          source: stored ? 'database' : 'file',
          version: stored?.version ?? 0,
          ...(stored ? { publishedAt: stored.publishedAt } : {}),
        };
      })
      .sort((a, b) => a.key.localeCompare(b.key));
  });

  businessRoute(app, 'SystemConfig/Designer/Get', async ({ user, body }) => {
    await allowed(ctx, user);
    if (typeof body.key !== 'string') throw badRequest();
    const entity = ctx.registry.byEntityKey(body.key);
    if (!entity) throw notFound();
    const versions = await versionsOf(ctx.db, entity.key);
    const active = versions.find((v) => v.active);
    // the publisher named as people know them (display name), not by the user's id
    const ids = [...new Set(versions.flatMap((v) => (v.publishedBy === null ? [] : [v.publishedBy])))];
    const names = new Map(
      ids.length
        ? (
            await ctx.db.selectFrom('users').select(['id', 'display_name']).where('id', 'in', ids).execute()
          ).map((r) => [Number(r.id), r.display_name] as const)
        : [],
    );
    return {
      definition: withoutValidators(entity.def),
      source: active ? 'database' : 'file',
      version: active?.version ?? 0,
      versions: versions.map((v) => ({
        version: v.version,
        publishedAt: v.publishedAt,
        publishedBy: v.publishedBy,
        publishedByName: v.publishedBy === null ? null : (names.get(v.publishedBy) ?? null),
        comment: v.comment,
      })),
    };
  });

  businessRoute(app, 'SystemConfig/Designer/Schema', async ({ user }) => {
    await allowed(ctx, user);
    return definitionMetaSchema();
  });

  businessRoute(app, 'SystemConfig/Designer/Plan', async ({ req, user, body }) => {
    await allowed(ctx, user);
    const def = validDefinition(ctx, body.definition, req.lang);
    const { changes, breaking } = await plan(ctx, user, def, req.lang);
    const answer: PlanAnswer = { changes, breaking, preview: { validators: previewValidators(ctx, def) } };
    return answer;
  });

  businessRoute(app, 'SystemConfig/Designer/Publish', async ({ req, user, body }) => {
    await allowed(ctx, user);
    const def = validDefinition(ctx, body.definition, req.lang);
    const comment = typeof body.comment === 'string' && body.comment.trim() ? body.comment.trim() : null;
    return publish(ctx, user, def, { comment, acceptBreaking: body.acceptBreaking === true, lang: req.lang });
  });

  businessRoute(app, 'SystemConfig/Designer/Rollback', async ({ req, user, body }) => {
    await allowed(ctx, user);
    const { key, version } = body;
    if (typeof key !== 'string' || typeof version !== 'number') throw badRequest();
    const target = (await versionsOf(ctx.db, key)).find((v) => v.version === version);
    if (!target) throw notFound();
    const def = validDefinition(ctx, target.definition, req.lang);
    if (entityKey(def) !== key) throw badRequest();
    // values are never dropped (removed fields stay in their columns), so a rollback always proceeds
    return publish(ctx, user, def, { comment: `rollback:${version}`, acceptBreaking: true, lang: req.lang });
  });
}
