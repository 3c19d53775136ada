/**
 * GET /api/validators/{module}/{name}/{part}.{hash}.js: a standalone validator module
 * (server/definitions/validators.ts), immutable, as text/javascript.
 *
 * No authentication: a module import() cannot carry the bearer token, and a module holds only
 * the constraints of a schema the server has already sent (found by the hash of that schema),
 * never data. Unknown hashes answer 404.
 */
import type { FastifyInstance } from 'fastify';
import type { EntityDefinition } from '../../runtime/shared/definition';
import type { Registry } from '../definitions/registry';
import { validationSchema, validatorUrl } from '../definitions/validators';
import { notFound } from '../http/errors';

const FILE = /^[A-Za-z][A-Za-z0-9]{0,62}\.([0-9a-f]{20})\.js$/;

/** The URLs of the record and line validators of a definition as the user receives it. */
export function validatorUrls(
  registry: Registry,
  def: EntityDefinition,
): { record: string; children: Record<string, string> } {
  const modules = registry.validators;
  const children: Record<string, string> = {};
  for (const [name, child] of Object.entries(def.children ?? {}))
    children[name] = validatorUrl(def.module, def.name, name, modules.ensure(validationSchema(child.schema)));
  const record = validatorUrl(def.module, def.name, 'record', modules.ensure(validationSchema(def.schema)));
  return { record, children };
}

export async function validatorsPlugin(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  app.get<{ Params: { module: string; name: string; file: string } }>(
    '/api/validators/:module/:name/:file',
    async (req, reply) => {
      const hash = FILE.exec(req.params.file)?.[1];
      const code = hash ? ctx.registry.validators.code(hash) : undefined;
      if (!code) throw notFound();
      return reply
        .header('Content-Type', 'text/javascript; charset=utf-8')
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('X-Content-Type-Options', 'nosniff')
        .send(code);
    },
  );
}
