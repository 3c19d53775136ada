/**
 * A sheet's cells → the values a form would send, per field, through the field's kind as the form
 * parses typed text (fieldParse, runtime/shared/fieldKinds): Jalali or Gregorian dates, Persian and
 * Arabic digits, thousands separators, enum labels in fa or en, بله/خیر. A lookup is named by the
 * looked-up row's code or its display name (LookupSpec.codeField / displayField), among the rows
 * the user may see (view permission of that entity, row scope). What cannot be read stays as
 * typed, so the write's own validation answers its message on the cell; a lookup naming no row, or
 * more than one, is a problem here.
 * Text is kept as text: a value starting with = + - @ is stored as typed, never evaluated.
 */
import type { LookupSpec } from '../../runtime/shared/definition';
import { fieldParse, kindOf, KINDS } from '../../runtime/shared/fieldKind';
import { normalizeText, toWesternDigits } from '../../runtime/shared/normalize';
import type { AppContext, CurrentUser } from '../context';
import type { Untyped } from '../db/untyped';
import { rowAccessCondition } from '../entities/scope';
import { entityPermissions } from '../security/permissions';
import { importAmount, importDate, type Cell } from '../treasury/lineImport';
import type { TargetField } from './fields';

/** A problem of one cell: the field and a translation key under `import.`. */
export interface CellProblem {
  field: string;
  key: string;
  params?: Record<string, unknown>;
}

const TEXT_CODE = new Set([
  'text',
  'longText',
  'nationalCode',
  'companyId',
  'postalCode',
  'sheba',
  'mobile',
  'email',
]);

/** Rows of looked-up entities by code or display text, asked once per entity and text. */
export class LookupResolver {
  private readonly cache = new Map<string, Promise<number[]>>();

  constructor(
    private readonly ctx: AppContext,
    private readonly user: CurrentUser,
  ) {}

  /** Ids of the rows (at most two) whose code or display text is `text`, visible to the user. */
  find(spec: LookupSpec, text: string): Promise<number[]> {
    const key = `${spec.entity}\u0000${text}`;
    let found = this.cache.get(key);
    if (!found) this.cache.set(key, (found = this.query(spec, text)));
    return found;
  }

  private async query(spec: LookupSpec, text: string): Promise<number[]> {
    const target = this.ctx.registry.byEntityKey(spec.entity);
    // as the form's lookup search: only rows of an entity the user may view (and within its scope)
    if (!target || !(await entityPermissions(this.ctx, this.user, target.key)).view) return [];
    const db = this.ctx.db as unknown as Untyped;
    // a numeric code column compares with a number only (PostgreSQL refuses text there)
    const comparable = (field: string | undefined): unknown => {
      if (!field || !Object.hasOwn(target.def.schema.properties, field)) return undefined;
      const kind = kindOf(target.def, field);
      if (TEXT_CODE.has(kind) || kind === 'enum') return text;
      if (kind === 'integer' && /^-?\d{1,15}$/.test(text)) return Number(text);
      return undefined;
    };
    // the party scope and the row rules of the user's roles (a branch clerk finds only its branch's rows)
    const scope = await rowAccessCondition(db, target, this.user);
    for (const field of [spec.codeField, spec.displayField]) {
      const value = comparable(field);
      if (value === undefined) continue;
      let q = db.selectFrom(target.table).select('id').where(field!, '=', value).limit(2);
      if (scope) q = q.where(scope);
      const ids = ((await q.execute()) as { id: unknown }[]).map((r) => Number(r.id));
      if (ids.length) return ids;
    }
    return [];
  }
}

const isBlank = (c: Cell | undefined) =>
  c === null || c === undefined || (typeof c === 'string' && c.trim() === '');

/** The cell as the text a user would type in the form (Western digits, Persian letters). */
function cellText(cell: Cell): string {
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  return normalizeText(String(cell)).trim();
}

/** One cell's value for `f`; a problem when it names no row or several (lookups). */
export async function cellInput(
  f: TargetField,
  cell: Cell | undefined,
  lookups: LookupResolver,
): Promise<{ value?: unknown; problem?: CellProblem }> {
  if (isBlank(cell)) return {};
  const c = cell as Cell;
  const kind = kindOf(f.source, f.field);
  const lookup = f.meta?.lookup;
  if (lookup) {
    const text = toWesternDigits(cellText(c));
    const ids = await lookups.find(lookup, text);
    if (ids.length === 1) return { value: ids[0] };
    return {
      problem: {
        field: f.name,
        key: ids.length ? 'import.lookupAmbiguous' : 'import.lookupNotFound',
        params: { value: text },
      },
    };
  }
  if (kind === 'date') return { value: importDate(c) ?? cellText(c) };
  if (KINDS[kind].numeric) {
    if (typeof c === 'number') return { value: fieldParse(f.source, f.field, c) };
    if (kind === 'money' || kind === 'integer') {
      const n = importAmount(cellText(c));
      if (typeof n === 'number') return { value: n };
    }
    return { value: fieldParse(f.source, f.field, toWesternDigits(cellText(c))) };
  }
  if (kind === 'boolean' && typeof c === 'boolean') return { value: c };
  const text = typeof c === 'number' ? String(c) : cellText(c);
  // a code's digits as Western ones (a national code typed in Persian digits), other text as typed
  const typed = TEXT_CODE.has(kind) && kind !== 'text' && kind !== 'longText' ? toWesternDigits(text) : text;
  return { value: fieldParse(f.source, f.field, typed) };
}
