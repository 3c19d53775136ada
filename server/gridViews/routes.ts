/**
 * Saved grid views (runtime/shared/gridViews.ts): Grid/View/List, Save and Delete for the signed-in
 * user only. The user comes from the token, never from the body, so no call reads or changes
 * another user's views; the entity must exist and be viewable by the caller. The state is checked
 * for shape and size (400 naming the member otherwise); what it names is checked again when the
 * grid applies it (unknown columns dropped) and by GetList (filters on hidden fields refused).
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext, CurrentUser } from '../context';
import type { Lang } from '../../runtime/shared/definition';
import {
  GRID_VIEW_LIMITS,
  GRID_VIEW_PATHS,
  type GridView,
  type GridViewState,
  type ViewColumn,
} from '../../runtime/shared/gridViews';
import type { Untyped } from '../db/untyped';
import { businessRoute } from '../http/business';
import { forbidden, unknownEntity } from '../http/errors';
import { listError } from '../entities/filters';
import { entityPermissions } from '../security/permissions';

interface ViewRow {
  name: string;
  state: string;
  is_default: number;
}

const db = (ctx: AppContext) => ctx.db as unknown as Untyped;

/** The entity key of the body, known and viewable by the caller (404/403 otherwise). */
async function viewableEntity(ctx: AppContext, user: CurrentUser, key: unknown): Promise<string> {
  if (typeof key !== 'string' || !ctx.registry.byEntityKey(key)) throw unknownEntity();
  if (!(await entityPermissions(ctx, user, key)).view) throw forbidden();
  return key;
}

function viewName(v: unknown, lang: Lang): string {
  const name = typeof v === 'string' ? v.trim() : '';
  if (name === '' || name.length > GRID_VIEW_LIMITS.name) throw listError(lang, 'name');
  return name;
}

function column(v: unknown, lang: Lang): ViewColumn {
  const fail = () => listError(lang, 'state.columns');
  if (typeof v !== 'object' || v === null) throw fail();
  const c = v as Record<string, unknown>;
  if (typeof c.colId !== 'string' || c.colId.length > 100) throw fail();
  const out: ViewColumn = { colId: c.colId };
  if (typeof c.width === 'number' && c.width >= 40 && c.width <= 2000) out.width = Math.round(c.width);
  if (c.hide === true) out.hide = true;
  if (c.sort === 'asc' || c.sort === 'desc') out.sort = c.sort;
  if (typeof c.sortIndex === 'number' && Number.isInteger(c.sortIndex)) out.sortIndex = c.sortIndex;
  return out;
}

function viewState(v: unknown, lang: Lang): GridViewState {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw listError(lang, 'state');
  const s = v as Record<string, unknown>;
  if (!Array.isArray(s.columns) || s.columns.length > GRID_VIEW_LIMITS.columns)
    throw listError(lang, 'state.columns');
  const filterModel = s.filterModel ?? {};
  if (typeof filterModel !== 'object' || filterModel === null || Array.isArray(filterModel))
    throw listError(lang, 'state.filterModel');
  const q = s.q ?? '';
  if (typeof q !== 'string' || q.length > 100) throw listError(lang, 'state.q');
  const state = {
    columns: s.columns.map((c) => column(c, lang)),
    filterModel: filterModel as Record<string, unknown>,
    q,
  };
  if (JSON.stringify(state).length > GRID_VIEW_LIMITS.stateChars) throw listError(lang, 'state');
  return state;
}

async function listViews(ctx: AppContext, userId: number, entity: string): Promise<GridView[]> {
  const rows = (await db(ctx)
    .selectFrom('grid_views')
    .select(['name', 'state', 'is_default'])
    .where('user_id', '=', userId)
    .where('entity', '=', entity)
    .orderBy('name')
    .execute()) as ViewRow[];
  return rows.map((r) => ({
    name: r.name,
    isDefault: Number(r.is_default) === 1,
    state: JSON.parse(r.state) as GridViewState,
  }));
}

export async function gridViewsPlugin(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  businessRoute(app, GRID_VIEW_PATHS.list, async ({ user, body }) => {
    const entity = await viewableEntity(ctx, user, body.entity);
    return listViews(ctx, user.id, entity);
  });

  businessRoute(app, GRID_VIEW_PATHS.save, async ({ req, user, body }) => {
    const entity = await viewableEntity(ctx, user, body.entity);
    const name = viewName(body.name, req.lang);
    const state = viewState(body.state, req.lang);
    if (body.isDefault !== undefined && typeof body.isDefault !== 'boolean')
      throw listError(req.lang, 'isDefault');
    const isDefault = body.isDefault === true;
    const existing = await listViews(ctx, user.id, entity);
    if (!existing.some((v) => v.name === name) && existing.length >= GRID_VIEW_LIMITS.views)
      throw listError(req.lang, 'name');
    await db(ctx)
      .transaction()
      .execute(async (trx) => {
        if (isDefault)
          await trx
            .updateTable('grid_views')
            .set({ is_default: 0 })
            .where('user_id', '=', user.id)
            .where('entity', '=', entity)
            .execute();
        await trx
          .deleteFrom('grid_views')
          .where('user_id', '=', user.id)
          .where('entity', '=', entity)
          .where('name', '=', name)
          .execute();
        await trx
          .insertInto('grid_views')
          .values({
            user_id: user.id,
            entity,
            name,
            state: JSON.stringify(state),
            is_default: isDefault ? 1 : 0,
            updated_at: new Date().toISOString(),
          })
          .execute();
      });
    return listViews(ctx, user.id, entity);
  });

  businessRoute(app, GRID_VIEW_PATHS.delete, async ({ req, user, body }) => {
    const entity = await viewableEntity(ctx, user, body.entity);
    const name = viewName(body.name, req.lang);
    await db(ctx)
      .deleteFrom('grid_views')
      .where('user_id', '=', user.id)
      .where('entity', '=', entity)
      .where('name', '=', name)
      .execute();
    return listViews(ctx, user.id, entity);
  });
}
