/**
 * Checks of a definition's `posting` (runtime/shared/posting.ts) and `detailAccount`, with the
 * JSON path of each problem and a `designerCheck.{key}` text (docs/accounting.md "Errors"):
 * - on its own (postingProblems, part of safety.ts, so at start and on Plan/Publish): a lifecycle,
 *   line ids once each, exactly one of debit and credit, `forEach` a child table, account and
 *   detail fields lookup fields of the document (or of the line), a date to date the voucher by,
 *   template placeholders known fields (the expressions are checked with the definition's others);
 * - against the other definitions (postingLookupProblems, at start over the files and on Publish
 *   over the registry): an account field looks up the chart (or `path` names the looked-up row's
 *   lookup to it), a detail field looks up detail accounts or rows that have one;
 * - against the database (postingDataProblems, on Plan/Publish): fixed codes and the codes of the
 *   named settings are active subsidiary accounts, the detail group exists.
 */
import type { EntityDefinition, LocalText } from '../../runtime/shared/definition';
import { ACCOUNT_ENTITY, DETAIL_ACCOUNT_ENTITY } from '../../runtime/shared/detailAccount';
import { kindOf } from '../../runtime/shared/fieldKind';
import type { PostingLine } from '../../runtime/shared/posting';
import type { Untyped } from '../db/untyped';
import { accountsByCode, detailGroupId, POSTABLE_LEVEL, settingValues } from '../accounting/chart';
import { fieldMetaOf } from '../accounting/postingBuilder';

export interface PostingProblem {
  path: string;
  key: string;
  params: Record<string, unknown>;
}

const at = (i: number, rest = '') => `/posting/lines/${i}${rest}`;

/** Names of `{{name}}` placeholders (`name__display` as `name`). */
function placeholders(text: LocalText | undefined): string[] {
  return Object.values(text ?? {}).flatMap((t) =>
    [...String(t).matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => (m[1] ?? '').replace(/__display$/, '')),
  );
}

function knownField(def: EntityDefinition, name: string, forEach?: string): boolean {
  if (Object.hasOwn(def.schema.properties, name) || name === 'id') return true;
  const child = forEach ? def.children?.[forEach] : undefined;
  return Boolean(child && Object.hasOwn(child.schema.properties, name));
}

/** Problems of the posting declaration on its own (the definition as in force, expanded). */
export function postingProblems(def: EntityDefinition): PostingProblem[] {
  const posting = def.posting;
  if (!posting) return [];
  const out: PostingProblem[] = [];
  if (!def.lifecycle) out.push({ path: '/posting', key: 'postingLifecycle', params: {} });
  const dateField = posting.dateField ?? def.period?.field;
  if (!dateField || !Object.hasOwn(def.schema.properties, dateField) || kindOf(def, dateField) !== 'date')
    out.push({
      path: posting.dateField ? '/posting/dateField' : '/posting',
      key: 'postingDate',
      params: { field: dateField ?? '' },
    });
  for (const name of placeholders(posting.description))
    if (!knownField(def, name))
      out.push({ path: '/posting/description', key: 'postingTemplate', params: { field: name } });
  const ids = new Set<string>();
  (posting.lines as PostingLine[]).forEach((line, i) => {
    if (ids.has(line.id)) out.push({ path: at(i, '/id'), key: 'postingLineId', params: { id: line.id } });
    ids.add(line.id);
    if ((line.debit === undefined) === (line.credit === undefined))
      out.push({ path: at(i), key: 'postingSide', params: { id: line.id } });
    if (line.forEach !== undefined && !def.children?.[line.forEach])
      out.push({ path: at(i, '/forEach'), key: 'postingForEach', params: { table: line.forEach } });
    const lookupField = (field: string, path: string) => {
      if (!fieldMetaOf(def, field, line.forEach)?.lookup)
        out.push({ path, key: 'postingField', params: { field, id: line.id } });
    };
    if ('field' in line.account) lookupField(line.account.field, at(i, '/account/field'));
    (line.details ?? []).forEach((d, k) => lookupField(d.field, at(i, `/details/${k}/field`)));
    for (const name of placeholders(line.description))
      if (!knownField(def, name, line.forEach))
        out.push({ path: at(i, '/description'), key: 'postingTemplate', params: { field: name } });
  });
  return out;
}

/**
 * Problems of the posting's lookups against the other definitions (`defOf`: a definition by key,
 * the definition itself included).
 */
export function postingLookupProblems(
  def: EntityDefinition,
  defOf: (key: string) => EntityDefinition | undefined,
): PostingProblem[] {
  const posting = def.posting;
  if (!posting) return [];
  const out: PostingProblem[] = [];
  (posting.lines as PostingLine[]).forEach((line, i) => {
    const target = (field: string) => fieldMetaOf(def, field, line.forEach)?.lookup?.entity;
    if ('field' in line.account) {
      const { field, path } = line.account;
      const key = target(field);
      const other = key ? defOf(key) : undefined;
      const ok = path ? other?.fields[path]?.lookup?.entity === ACCOUNT_ENTITY : key === ACCOUNT_ENTITY;
      if (key && !ok)
        out.push({
          path: at(i, path ? '/account/path' : '/account/field'),
          key: 'postingAccountField',
          params: { field: path ?? field, id: line.id },
        });
    }
    (line.details ?? []).forEach((d, k) => {
      const key = target(d.field);
      if (key && key !== DETAIL_ACCOUNT_ENTITY && !defOf(key)?.detailAccount)
        out.push({
          path: at(i, `/details/${k}/field`),
          key: 'postingDetailField',
          params: { field: d.field, id: line.id },
        });
    });
  });
  return out;
}

/** Problems of what the posting and `detailAccount` name in the database (Plan/Publish). */
export async function postingDataProblems(db: Untyped, def: EntityDefinition): Promise<PostingProblem[]> {
  const out: PostingProblem[] = [];
  if (def.detailAccount && (await detailGroupId(db, def.detailAccount.group)) === null)
    out.push({
      path: '/detailAccount/group',
      key: 'detailGroupMissing',
      params: { group: def.detailAccount.group },
    });
  const lines = (def.posting?.lines ?? []) as PostingLine[];
  if (lines.length === 0) return out;
  const settings = await settingValues(
    db,
    lines.flatMap((l) => ('setting' in l.account ? [l.account.setting] : [])),
  );
  const codes = lines.flatMap((l) => ('code' in l.account ? [l.account.code] : []));
  const accounts = await accountsByCode(db, [...codes, ...settings.values()]);
  const postable = (code: string) => {
    const a = accounts.get(code);
    return Boolean(a && a.active && a.level === POSTABLE_LEVEL);
  };
  lines.forEach((line, i) => {
    const ref = line.account;
    if ('code' in ref && !postable(ref.code))
      out.push({
        path: at(i, '/account/code'),
        key: 'postingAccountCode',
        params: { code: ref.code, id: line.id },
      });
    if ('setting' in ref) {
      const code = settings.get(ref.setting) ?? '';
      if (!postable(code))
        out.push({
          path: at(i, '/account/setting'),
          key: 'postingSetting',
          params: { setting: ref.setting, code, id: line.id },
        });
    }
  });
  return out;
}
