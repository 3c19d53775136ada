/**
 * Reads what the postings of documents of one definition need (postingBuilder.ts PostingWorld),
 * in the caller's transaction and in a few queries whatever the number of documents: the settings
 * and accounts the declaration names, the rows its lookup fields name (for an account `path`, a
 * detail account, a `{{field__display}}` text), the accounts and detail accounts found there and
 * the names of the detail groups for messages. One document in a Finalise, thousands in the demo
 * seeder (server/demo/seeders/ledger.ts).
 */
import type { EntityDefinition } from '../../runtime/shared/definition';
import {
  ACCOUNT_ENTITY,
  DETAIL_ACCOUNT_ENTITY,
  DETAIL_ACCOUNT_FIELD,
} from '../../runtime/shared/detailAccount';
import type { PostingLine } from '../../runtime/shared/posting';
import type { Registry } from '../definitions/registry';
import type { Untyped } from '../db/untyped';
import { toApiRow, type Row } from '../entities/rows';
import { accountsByCode, accountsById, detailGroupNames, detailsById, settingValues } from './chart';
import { emptyWorld, fieldMetaOf, type PostedDocument, type PostingWorld } from './postingBuilder';

const CHUNK = 5000;

/** A lookup field a posting line reads, with the child table its value comes from (forEach). */
interface UsedLookup {
  field: string;
  forEach?: string;
}

/** `{{name}}` placeholders of a template (`name__display` as its field). */
function placeholders(text: string | undefined): string[] {
  return [...(text ?? '').matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) =>
    (m[1] ?? '').replace(/__display$/, ''),
  );
}

/** The lookup fields the posting reads: account fields, detail fields, template placeholders. */
function usedLookups(def: EntityDefinition): UsedLookup[] {
  const posting = def.posting;
  if (!posting) return [];
  const out: UsedLookup[] = [];
  const add = (field: string, forEach?: string) => {
    if (fieldMetaOf(def, field, forEach)?.lookup) out.push({ field, forEach });
  };
  for (const name of Object.values(posting.description).flatMap(placeholders)) add(name);
  for (const line of posting.lines as PostingLine[]) {
    if ('field' in line.account) add(line.account.field, line.forEach);
    for (const d of line.details ?? []) add(d.field, line.forEach);
    for (const name of Object.values(line.description ?? {}).flatMap(placeholders)) add(name, line.forEach);
  }
  return out;
}

const asId = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v !== '' ? Number(v) : NaN;
  return Number.isInteger(n) && n > 0 ? n : null;
};

/** The values of `field` in the documents (their lines' with forEach, else the documents' own). */
function valuesOf(docs: readonly PostedDocument[], use: UsedLookup): number[] {
  const out: number[] = [];
  for (const doc of docs) {
    const rows = use.forEach ? (doc.lines[use.forEach] ?? []) : [doc.values];
    for (const row of rows) {
      const id = asId(row[use.field] ?? (use.forEach ? doc.values[use.field] : undefined));
      if (id !== null) out.push(id);
    }
  }
  return out;
}

async function readRows(
  db: Untyped,
  registry: Registry,
  key: string,
  ids: readonly number[],
): Promise<Map<number, Row>> {
  const entity = registry.byEntityKey(key);
  const out = new Map<number, Row>();
  if (!entity) return out;
  const unique = [...new Set(ids)];
  for (let at = 0; at < unique.length; at += CHUNK) {
    const rows = (await db
      .selectFrom(entity.table)
      .selectAll()
      .where('id', 'in', unique.slice(at, at + CHUNK))
      .execute()) as Row[];
    for (const r of rows) out.set(Number(r.id), toApiRow(entity, r));
  }
  return out;
}

/** Everything the postings of `docs` (documents of one definition) read, in the caller's transaction. */
export async function loadPostingWorld(
  db: Untyped,
  registry: Registry,
  def: EntityDefinition,
  docs: readonly PostedDocument[],
): Promise<PostingWorld> {
  const world = emptyWorld();
  const posting = def.posting;
  if (!posting || docs.length === 0) return world;
  const lines = posting.lines as PostingLine[];
  const settingKeys = lines.flatMap((l) => ('setting' in l.account ? [l.account.setting] : []));
  world.settings = await settingValues(db, settingKeys);
  const codes = [
    ...lines.flatMap((l) => ('code' in l.account ? [l.account.code] : [])),
    ...[...world.settings.values()].filter((v) => v !== ''),
  ];
  world.accountsByCode = await accountsByCode(db, codes);

  // the rows lookups name, per looked-up entity
  const wanted = new Map<string, number[]>();
  for (const use of usedLookups(def)) {
    const target = fieldMetaOf(def, use.field, use.forEach)?.lookup?.entity;
    if (!target) continue;
    const ids = wanted.get(target) ?? [];
    ids.push(...valuesOf(docs, use));
    wanted.set(target, ids);
  }
  for (const [key, ids] of wanted)
    if (key !== ACCOUNT_ENTITY && key !== DETAIL_ACCOUNT_ENTITY)
      world.rows.set(key, await readRows(db, registry, key, ids));

  // accounts named by id (a lookup to the chart, or a looked-up row's account field)
  const accountIds: number[] = [...(wanted.get(ACCOUNT_ENTITY) ?? [])];
  for (const line of lines) {
    if (!('field' in line.account) || !line.account.path) continue;
    const target = fieldMetaOf(def, line.account.field, line.forEach)?.lookup?.entity ?? '';
    const path = line.account.path;
    for (const row of world.rows.get(target)?.values() ?? []) {
      const id = asId(row[path]);
      if (id !== null) accountIds.push(id);
    }
  }
  world.accountsById = await accountsById(db, accountIds);
  for (const account of world.accountsByCode.values()) world.accountsById.set(account.id, account);

  // detail accounts: named directly, or the looked-up rows' own
  const detailIds: number[] = [...(wanted.get(DETAIL_ACCOUNT_ENTITY) ?? [])];
  for (const rows of world.rows.values())
    for (const row of rows.values()) {
      const id = asId(row[DETAIL_ACCOUNT_FIELD]);
      if (id !== null) detailIds.push(id);
    }
  world.details = await detailsById(db, detailIds);
  const groups = [...world.accountsById.values()].flatMap((a) =>
    a.detailGroups.filter((g): g is number => g !== null),
  );
  world.groupNames = await detailGroupNames(db, groups);
  return world;
}
