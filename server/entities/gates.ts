/**
 * Installation-wide conditions checked before an entity action (docs/api.md):
 * - licence: the setting `licence.expiresOn` (systemConfig.setting) in the past → 402 on every
 *   entity action except on the settings themselves, so an admin can enter the new date;
 * - branches: on branch-scoped definitions, any branch named in the `selectedBranches` header
 *   (comma-separated ids) that is unknown or has no operating licence → 501.
 */
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { Entity } from '../definitions/registry';
import { HttpError, badRequest } from '../http/errors';
import type { Untyped } from '../db/untyped';
import { cached } from '../security/accessCache';

// Entity tables exist only at run time; their queries are untyped.

export const SETTINGS_ENTITY = 'systemConfig.setting';
export const BRANCH_ENTITY = 'systemConfig.branch';
export const LICENCE_KEY = 'licence.expiresOn';

/** Today as yyyy-mm-dd (UTC). */
export function today(): string {
  return new Date().toISOString().slice(0, 10);
}

export async function readSetting(ctx: AppContext, key: string): Promise<string | null> {
  const settings = ctx.registry.byEntityKey(SETTINGS_ENTITY);
  if (!settings) return null;
  const table = settings.table;
  const row = (await cached(ctx.db, [table], `setting:${table}\u0000${key}`, () =>
    (ctx.db as unknown as Untyped)
      .selectFrom(table)
      .select('value')
      .where('key', '=', key)
      .executeTakeFirst(),
  )) as { value: string | null } | undefined;
  return row?.value ?? null;
}

export async function checkLicence(ctx: AppContext, entity: Entity): Promise<void> {
  if (entity.key === SETTINGS_ENTITY) return;
  const expiresOn = await readSetting(ctx, LICENCE_KEY);
  if (expiresOn && /^\d{4}-\d{2}-\d{2}$/.test(expiresOn) && today() > expiresOn)
    throw new HttpError(402, 'TheLicenceExpiredPleaseCallCompany');
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
