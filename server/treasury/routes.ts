/**
 * Treasury calls (docs/treasury.md, docs/api.md):
 * - POST /api/Entity/Lines/Import { entity: "module.name", child, fileName, content (base64) }:
 *   the lines a CSV or XLSX file holds for a child table that declares `import`
 *   (./lineImport.ts), nothing stored: the form puts them in its lines grid. Needs create or
 *   edit on the entity; a file the server cannot read answers 417 naming its lines and fields.
 * - POST /api/Treasury/BankStatement/Match { id, version }: suggestions for the statement's
 *   unmatched lines (./reconciliation.ts); needs edit. The answer is the stored statement.
 * - POST /api/Treasury/BankStatement/ConfirmMatches { id, version }: its suggestions confirmed.
 */
import type { FastifyInstance } from 'fastify';
import type { EntityAction } from '../../runtime/shared/definition';
import { IMPORT_MAX_BYTES } from '../../runtime/shared/treasury';
import type { AppContext, CurrentUser } from '../context';
import type { Entity } from '../definitions/registry';
import type { Untyped } from '../db/untyped';
import { businessRoute } from '../http/business';
import { badRequest, forbidden, invalid, unknownEntity } from '../http/errors';
import { cellMessage, fieldMessage } from '../i18n';
import { getRow, updateRow } from '../entities/repository';
import type { Row } from '../entities/rows';
import { fieldModes, hiddenOf, stripAnswer } from '../security/fieldAccess';
import { entityPermissions } from '../security/permissions';
import { readTable, tableToLines } from './lineImport';
import { suggestMatches } from './reconciliation';

const STATEMENT = 'treasury.bankStatement';

function positiveInt(v: unknown): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1) throw badRequest();
  return v;
}

async function entityFor(
  ctx: AppContext,
  user: CurrentUser,
  key: string,
  need: EntityAction[],
): Promise<Entity> {
  const entity = ctx.registry.byEntityKey(key);
  if (!entity) throw unknownEntity();
  const perms = await entityPermissions(ctx, user, key);
  if (!need.some((a) => perms[a])) throw forbidden();
  return entity;
}

/** The stored row's own values (its schema's fields), for an Update of the server's own. */
function ownValues(entity: Entity, row: Row): Row {
  const out: Row = {};
  for (const name of Object.keys(entity.def.schema.properties))
    if (row[name] !== undefined) out[name] = row[name];
  return out;
}

export async function treasuryPlugin(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  businessRoute(app, 'Entity/Lines/Import', async ({ user, body, req }) => {
    if (typeof body.entity !== 'string' || typeof body.child !== 'string') throw badRequest();
    const entity = await entityFor(ctx, user, body.entity, ['create', 'edit']);
    const child = Object.hasOwn(entity.def.children ?? {}, body.child)
      ? entity.def.children?.[body.child]
      : undefined;
    if (!child?.import) throw unknownEntity();
    const content = typeof body.content === 'string' ? body.content : '';
    const fileName = typeof body.fileName === 'string' ? body.fileName : '';
    const data = Buffer.from(content, 'base64');
    if (data.length === 0 || data.length > IMPORT_MAX_BYTES)
      throw invalid([fieldMessage(req.lang, 'file', 'treasury.importSize', { max: IMPORT_MAX_BYTES })]);
    let table;
    try {
      table = await readTable(fileName, data);
    } catch {
      throw invalid([fieldMessage(req.lang, 'file', 'treasury.importUnreadable')]);
    }
    const result = tableToLines(table, child, child.import);
    if (result.noHeader)
      throw invalid([
        fieldMessage(req.lang, 'file', 'treasury.importNoHeader', {
          headers: Object.values(child.import.columns)
            .map((names) => names[0])
            .join('، '),
        }),
      ]);
    if (result.problems.length)
      throw invalid(
        [],
        result.problems
          .slice(0, 100)
          .map((p) => cellMessage(req.lang, body.child as string, p.line, p.field, p.key, p.params)),
      );
    return { lines: result.lines };
  });

  /** Reads the statement the caller names (edit needed), runs `change` on its lines and stores them. */
  const changeStatement =
    (change: (statement: Row, lines: Row[]) => Promise<Row[]> | Row[]) =>
    async ({ user, body }: { user: CurrentUser; body: Record<string, unknown> }) => {
      const entity = await entityFor(ctx, user, STATEMENT, ['edit']);
      const id = positiveInt(body.id);
      const statement = await getRow(ctx, entity, user, id);
      const lines = await change(statement, (statement.lines as Row[] | undefined) ?? []);
      const row = await updateRow(
        ctx,
        entity,
        user,
        id,
        positiveInt(body.version),
        ownValues(entity, statement),
        {
          lines: lines.map((l) => {
            const copy = { ...l };
            delete copy.voucher__display;
            return copy;
          }),
        },
      );
      return stripAnswer(row, hiddenOf(await fieldModes(ctx, user, entity)));
    };

  businessRoute(
    app,
    'Treasury/BankStatement/Match',
    changeStatement((statement, lines) =>
      suggestMatches(ctx.db as unknown as Untyped, ctx.registry, statement, lines),
    ),
  );
  businessRoute(
    app,
    'Treasury/BankStatement/ConfirmMatches',
    changeStatement((_statement, lines) =>
      lines.map((l) => (l.matchState === 'suggested' ? { ...l, matchState: 'confirmed' } : l)),
    ),
  );
}
