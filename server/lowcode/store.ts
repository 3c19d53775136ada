/**
 * Published definitions (table definition_versions, docs/lowcode-api.md): each publish inserts
 * version n+1 of a key and makes it the only active row; a rollback copies an older version as a
 * new one. The registry is the shipped files overlaid by the active versions.
 */
import type { Kysely } from 'kysely';
import type { EntityDefinition } from '../../runtime/shared/definition';
import type { SystemTables } from '../db/types';
import { definitionProblems } from '../definitions/load';
import { keepShippedWriteRule } from '../security/writeRule';

export interface StoredVersion {
  version: number;
  definition: EntityDefinition;
  publishedAt: string;
  publishedBy: number | null;
  comment: string | null;
  active: boolean;
}

type Db = Kysely<SystemTables>;

function parse(row: {
  version: number;
  definition: string;
  published_at: string;
  published_by: number | null;
  comment: string | null;
  active: number;
}): StoredVersion {
  return {
    version: Number(row.version),
    definition: JSON.parse(row.definition) as EntityDefinition,
    publishedAt: row.published_at,
    publishedBy: row.published_by === null ? null : Number(row.published_by),
    comment: row.comment,
    active: Boolean(row.active),
  };
}

/** The active version of every key that has one. */
export async function activeVersions(db: Db): Promise<Map<string, StoredVersion>> {
  const rows = await db.selectFrom('definition_versions').selectAll().where('active', '=', 1).execute();
  return new Map(rows.map((r) => [r.entity_key, parse(r)]));
}

/** All versions of one key, newest first. */
export async function versionsOf(db: Db, key: string): Promise<StoredVersion[]> {
  const rows = await db
    .selectFrom('definition_versions')
    .selectAll()
    .where('entity_key', '=', key)
    .orderBy('version', 'desc')
    .execute();
  return rows.map(parse);
}

/** Inserts the next version of the key as the only active one; answers its number. */
export async function storeVersion(
  db: Db,
  key: string,
  definition: EntityDefinition,
  userId: number | null,
  comment: string | null,
): Promise<number> {
  const last = await db
    .selectFrom('definition_versions')
    .select((eb) => eb.fn.max('version').as('v'))
    .where('entity_key', '=', key)
    .executeTakeFirst();
  const version = Number(last?.v ?? 0) + 1;
  await db.updateTable('definition_versions').set({ active: 0 }).where('entity_key', '=', key).execute();
  await db
    .insertInto('definition_versions')
    .values({
      entity_key: key,
      version,
      definition: JSON.stringify(definition),
      published_by: userId,
      published_at: new Date().toISOString(),
      comment,
      active: 1,
    })
    .execute();
  return version;
}

/**
 * The definitions in force: the files, each replaced by its active database version, plus the
 * entities that exist only in the database. A stored version that no longer passes the checks
 * (e.g. the definition format changed) is left out and the file, if any, applies.
 */
export async function definitionsInForce(db: Db, files: EntityDefinition[]): Promise<EntityDefinition[]> {
  const active = await activeVersions(db);
  const out = new Map<string, EntityDefinition>();
  for (const def of files) out.set(`${def.module}.${def.name}`, def);
  for (const [key, stored] of active) {
    if (definitionProblems(stored.definition).length > 0) continue;
    const shipped = out.get(key);
    out.set(key, shipped ? keepShippedWriteRule(shipped, stored.definition) : stored.definition);
  }
  return [...out.values()];
}
