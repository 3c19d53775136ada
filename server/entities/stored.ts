/** One stored row of an entity by id, within the caller's row scope and row rules (scope.ts): read by Get and by the write pipeline. */
import type { CurrentUser } from '../context';
import type { Entity } from '../definitions/registry';
import type { Untyped } from '../db/untyped';
import { isRowId } from '../../runtime/shared/bounds';
import { rowAccessCondition } from './scope';
import type { Row } from './rows';

/** The stored row (columns as stored), or undefined when absent or out of the user's scope. */
export async function findStored(
  db: Untyped,
  entity: Entity,
  user: CurrentUser | null,
  id: number,
  /** false: the row rules of the user's roles left out (an effect's writes), the party scope kept. */
  rules = true,
): Promise<Row | undefined> {
  // no row has an id past int4 (PostgreSQL `serial`): asking would be an error, not a miss
  if (!isRowId(id)) return undefined;
  let q = db.selectFrom(entity.table).selectAll().where('id', '=', id);
  const scope = await rowAccessCondition(db, entity, user, rules);
  if (scope) q = q.where(scope);
  return (await q.executeTakeFirst()) as Row | undefined;
}
