/**
 * Meta/Entity/GetFollowOns (docs/chain.md): the kinds of document the caller may make from a final
 * document of the entity named in the body: the definitions declaring it as their `source`, whose
 * entity the caller may create and whose source it may view, each with its button's text in the
 * request's language (the declaration's `label`, else «ایجاد {title}»).
 */
import type { FastifyInstance } from 'fastify';
import type { FollowOn } from '../../runtime/shared/chain';
import { localText } from '../../runtime/shared/definition';
import { businessRoute } from '../http/business';
import { forbidden, unknownEntity } from '../http/errors';
import { t } from '../i18n';
import { entityFromBody } from '../meta/lookup';
import { entityPermissions } from '../security/permissions';

export async function chainPlugin(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  businessRoute(app, 'Meta/Entity/GetFollowOns', async ({ req, user, body }): Promise<FollowOn[]> => {
    const entity = entityFromBody(ctx, body);
    if (!entity) throw unknownEntity();
    if (!(await entityPermissions(ctx, user, entity.key)).view) throw forbidden();
    const out: FollowOn[] = [];
    for (const other of ctx.registry.all()) {
      const s = other.def.source;
      if (s?.entity !== entity.key) continue;
      if (!(await entityPermissions(ctx, user, other.key)).create) continue;
      const label = s.label
        ? localText(s.label, req.lang)
        : t(req.lang, 'chain.create', { title: localText(other.def.title, req.lang) });
      out.push({ key: other.key, label });
    }
    return out;
  });
}
