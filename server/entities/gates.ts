/**
 * Installation-wide conditions checked before an entity action (docs/api.md):
 * - licence: the operator's LICENCE_EXPIRES_ON (config.licenceExpiresOn) in the past → 402 on every
 *   entity action except on the settings themselves (where the licence is shown); no API call can
 *   change it: its settings row is written by the server at start (`serverRows` of the definition);
 * - branches: on branch-scoped definitions, any branch named in the `selectedBranches` header
 *   (comma-separated ids) that is unknown or has no operating licence → 501.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { LocalText } from '../../runtime/shared/definition';
import { todayIso } from '../../runtime/shared/jalali';
import type { AppContext } from '../context';
import type { Entity } from '../definitions/registry';
import type { SystemTables } from '../db/types';
import { HttpError, badRequest } from '../http/errors';
import type { Untyped } from '../db/untyped';

// Entity tables exist only at run time; their queries are untyped.

export const SETTINGS_ENTITY = 'systemConfig.setting';
export const BRANCH_ENTITY = 'systemConfig.branch';
export const LICENCE_KEY = 'licence.expiresOn';

/** What each setting the server writes is, for people (the settings grid's key column). */
export const SETTING_TITLES: Record<string, LocalText> = {
  [LICENCE_KEY]: { fa: 'پایان اعتبار مجوز', en: 'Licence expires on' },
};

/** Today as yyyy-mm-dd (the business day, runtime/shared/jalali.ts). */
export function today(): string {
  return todayIso();
}

export function checkLicence(ctx: AppContext, entity: Entity): void {
  if (entity.key === SETTINGS_ENTITY) return;
  if (today() > ctx.config.licenceExpiresOn) throw new HttpError(402, 'TheLicenceExpiredPleaseCallCompany');
}

/**
 * Shows the licence in force among the settings: the `licence.expiresOn` row (one) holds the
 * operator's date, written here at start inside the startup transaction, never through the API.
 */
export async function showLicence(trx: Kysely<SystemTables>, ctx: AppContext): Promise<void> {
  const settings = ctx.registry.byEntityKey(SETTINGS_ENTITY);
  if (!settings) return;
  const db = trx as unknown as Untyped;
  const value = ctx.config.licenceExpiresOn;
  const rows = (await db
    .selectFrom(settings.table)
    .select(['id', 'value'])
    .where('key', '=', LICENCE_KEY)
    .orderBy('id')
    .execute()) as { id: number; value: string | null }[];
  const [first, ...extra] = rows;
  if (extra.length > 0)
    await db
      .deleteFrom(settings.table)
      .where(
        'id',
        'in',
        extra.map((r) => r.id),
      )
      .execute();
  const now = new Date().toISOString();
  if (!first)
    await db
      .insertInto(settings.table)
      .values({ key: LICENCE_KEY, value, version: 1, created_at: now, updated_at: now })
      .execute();
  else if (first.value !== value)
    await db
      .updateTable(settings.table)
      .set((eb) => ({ value, version: eb('version', '+', 1), updated_at: now }))
      .where('id', '=', first.id)
      .execute();
}

/** Branch ids of the `selectedBranches` header; [] when absent; 400 when malformed. */
export function selectedBranches(req: FastifyRequest): number[] {
  const raw = req.headers.selectedbranches;
  const text = (Array.isArray(raw) ? raw.join(',') : (raw ?? '')).trim();
  if (text === '') return [];
  const ids = text.split(',').map((p) => Number(p.trim()));
  if (ids.length > 100 || !ids.every((n) => Number.isInteger(n) && n > 0)) throw badRequest();
  return [...new Set(ids)];
}

export async function checkBranches(ctx: AppContext, entity: Entity, req: FastifyRequest): Promise<void> {
  if (!entity.def.branchScoped) return;
  const ids = selectedBranches(req);
  if (ids.length === 0) return;
  const branches = ctx.registry.byEntityKey(BRANCH_ENTITY);
  const licensed = branches
    ? ((await (ctx.db as unknown as Untyped)
        .selectFrom(branches.table)
        .select('id')
        .where('id', 'in', ids)
        .where('hasOperatingLicence', '=', ctx.dialect === 'postgres' ? true : 1)
        .execute()) as { id: unknown }[])
    : [];
  if (licensed.length !== ids.length)
    throw new HttpError(501, 'NoOperatingLicenseInOneOrMoreSelectedBranches');
}
