/**
 * The voucher a document posts (its definition's `posting`, runtime/shared/posting.ts), built
 * without touching the database: every account, setting, looked-up row and detail account the
 * declaration names comes in a PostingWorld (postingWorld.ts reads one for one document in a
 * write, or for thousands at once for the demo seeder). Amounts are the shared rule evaluator's
 * (rules.ts, exact decimals, within a document's rule budget), rounded to whole Rial; a negative
 * amount goes to the other side, zero writes no line. Refusals (PostingRefused) name the posting
 * line and the setting or field at fault, in the request's language: an account missing or not
 * postable, a detail account the account requires missing or of another group, an amount that is
 * not a number, a voucher that does not balance (with the difference).
 */
import type { EntityDefinition, FieldMeta, Lang, LocalText } from '../../runtime/shared/definition';
import { localText } from '../../runtime/shared/definition';
import {
  DETAIL_ACCOUNT_ENTITY,
  DETAIL_ACCOUNT_FIELD,
  ACCOUNT_ENTITY,
} from '../../runtime/shared/detailAccount';
import { exactRound } from '../../runtime/shared/decimal';
import type { PostingDefinition, PostingLine } from '../../runtime/shared/posting';
import { documentBudget, withinRuleBudget } from '../../runtime/shared/ruleBudget';
import { evaluate } from '../../runtime/shared/rules';
import { BRANCH_FIELD } from '../../runtime/shared/numbering';
import type { Lines } from '../entities/document';
import type { Row } from '../entities/rows';
import { POSTABLE_LEVEL, type AccountInfo, type DetailInfo } from './chart';

/** What a posting may read besides the document: loaded beforehand (postingWorld.ts). */
export interface PostingWorld {
  accountsByCode: Map<string, AccountInfo>;
  accountsById: Map<number, AccountInfo>;
  /** Settings rows by key (values trimmed). */
  settings: Map<string, string>;
  /** Looked-up rows (API rows) by entity key and id. */
  rows: Map<string, Map<number, Row>>;
  details: Map<number, DetailInfo>;
  groupNames: Map<number, string>;
}

export function emptyWorld(): PostingWorld {
  return {
    accountsByCode: new Map(),
    accountsById: new Map(),
    settings: new Map(),
    rows: new Map(),
    details: new Map(),
    groupNames: new Map(),
  };
}

/** One line of the voucher to write (voucher line fields). */
export interface BuiltLine {
  account: number;
  detail1: number | null;
  detail2: number | null;
  debit: number;
  credit: number;
  description: string;
}

export interface BuiltVoucher {
  date: string;
  branch: number | null;
  description: string;
  lines: BuiltLine[];
  totalDebit: number;
  totalCredit: number;
}

/** A posting refused: a `posting.{key}` text with its parameters in the request's language. */
export class PostingRefused extends Error {
  constructor(
    readonly key: string,
    readonly params: (lang: Lang) => Record<string, unknown>,
  ) {
    super(`posting refused: ${key}`);
    this.name = 'PostingRefused';
  }
}

/** The document as a posting reads it. */
export interface PostedDocument {
  def: EntityDefinition;
  values: Row;
  lines: Lines;
}

/** Field metadata of `name` as a line of `forEach` or the document sees it (the line's first). */
export function fieldMetaOf(def: EntityDefinition, name: string, forEach?: string): FieldMeta | undefined {
  const child = forEach ? def.children?.[forEach] : undefined;
  if (child && Object.hasOwn(child.fields, name)) return child.fields[name];
  return Object.hasOwn(def.fields, name) ? def.fields[name] : undefined;
}

/** A value of `name` for a line of `forEach` (its own first, else the document's) or the document. */
function valueOf(doc: Row, line: Row | null, name: string): unknown {
  if (line && Object.hasOwn(line, name) && line[name] !== null && line[name] !== undefined) return line[name];
  return doc[name];
}

const label = (def: EntityDefinition, name: string, forEach: string | undefined, lang: Lang) =>
  localText(fieldMetaOf(def, name, forEach)?.label, lang) || name;

const asId = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v !== '' ? Number(v) : NaN;
  return Number.isInteger(n) && n > 0 ? n : null;
};

/** `{{field}}` and `{{field__display}}` (a lookup's display text) of a line, then of the document. */
export function renderTemplate(
  template: LocalText | undefined,
  doc: PostedDocument,
  line: Row | null,
  forEach: string | undefined,
  world: PostingWorld,
  lang: Lang = 'fa',
): string {
  const text = localText(template, lang);
  return text
    .replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => {
      const display = name.endsWith('__display');
      const field = display ? name.slice(0, -'__display'.length) : name;
      const value = valueOf(doc.values, line, field);
      if (value === null || value === undefined) return '';
      if (!display) return String(value);
      const lookup = fieldMetaOf(doc.def, field, forEach)?.lookup;
      const id = asId(value);
      const row = lookup && id !== null ? world.rows.get(lookup.entity)?.get(id) : undefined;
      const shown = row && lookup ? row[lookup.displayField] : undefined;
      return shown === null || shown === undefined ? String(value) : String(shown);
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** The account of a posting line, or a refusal naming the line and where the account comes from. */
function accountOf(
  spec: PostingLine,
  doc: PostedDocument,
  line: Row | null,
  world: PostingWorld,
): AccountInfo {
  const ref = spec.account;
  const at = spec.id;
  if ('code' in ref) {
    const found = world.accountsByCode.get(ref.code);
    if (!found) throw new PostingRefused('accountCodeMissing', () => ({ code: ref.code, line: at }));
    return found;
  }
  if ('setting' in ref) {
    const code = world.settings.get(ref.setting);
    if (!code) throw new PostingRefused('settingMissing', () => ({ setting: ref.setting, line: at }));
    const found = world.accountsByCode.get(code);
    if (!found)
      throw new PostingRefused('settingAccountMissing', () => ({ setting: ref.setting, code, line: at }));
    return found;
  }
  const field = (lang: Lang) => label(doc.def, ref.field, spec.forEach, lang);
  const id = asId(valueOf(doc.values, line, ref.field));
  if (id === null) throw new PostingRefused('fieldEmpty', (lang) => ({ field: field(lang), line: at }));
  const lookup = fieldMetaOf(doc.def, ref.field, spec.forEach)?.lookup;
  let accountId: number | null = id;
  if (ref.path || lookup?.entity !== ACCOUNT_ENTITY) {
    const row = lookup ? world.rows.get(lookup.entity)?.get(id) : undefined;
    accountId = asId(row?.[ref.path ?? '']);
  }
  const found = accountId === null ? undefined : world.accountsById.get(accountId);
  if (!found) throw new PostingRefused('fieldAccountMissing', (lang) => ({ field: field(lang), line: at }));
  return found;
}

/** The detail account a DetailRef names for a line (null when its field is empty). */
function detailOf(
  field: string,
  spec: PostingLine,
  doc: PostedDocument,
  line: Row | null,
  world: PostingWorld,
): DetailInfo | null {
  const id = asId(valueOf(doc.values, line, field));
  if (id === null) return null;
  const lookup = fieldMetaOf(doc.def, field, spec.forEach)?.lookup;
  const detailId =
    lookup?.entity === DETAIL_ACCOUNT_ENTITY
      ? id
      : asId(lookup ? world.rows.get(lookup.entity)?.get(id)?.[DETAIL_ACCOUNT_FIELD] : undefined);
  return detailId === null ? null : (world.details.get(detailId) ?? null);
}

/** Detail accounts 1 and 2 of a line: those the account requires, checked; others are not written. */
function detailsFor(
  account: AccountInfo,
  spec: PostingLine,
  doc: PostedDocument,
  line: Row | null,
  world: PostingWorld,
): [number | null, number | null] {
  const out: [number | null, number | null] = [null, null];
  for (const level of [0, 1] as const) {
    const group = account.detailGroups[level];
    if (group === null) continue;
    const ref = spec.details?.[level];
    const detail = ref ? detailOf(ref.field, spec, doc, line, world) : null;
    const groupName = world.groupNames.get(group) ?? String(group);
    if (!detail)
      throw new PostingRefused('detailMissing', (lang) => ({
        account: `${account.code} ${account.name}`,
        group: groupName,
        line: spec.id,
        field: ref ? label(doc.def, ref.field, spec.forEach, lang) : '—',
      }));
    if (detail.group !== group)
      throw new PostingRefused('detailWrongGroup', () => ({
        detail: `${detail.code} ${detail.name}`,
        group: groupName,
        line: spec.id,
      }));
    out[level] = detail.id;
  }
  return out;
}

/** The amount of a line: its expression over the data, whole Rial; a refusal when not a number. */
function amountOf(spec: PostingLine, data: Record<string, unknown>): number {
  const expr = spec.debit !== undefined ? spec.debit : spec.credit;
  const raw = evaluate(expr ?? null, data);
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
  if (raw === null || raw === undefined) return 0;
  if (!Number.isFinite(n)) throw new PostingRefused('amountInvalid', () => ({ line: spec.id }));
  return exactRound(n, 0);
}

const truthy = (v: unknown) =>
  !(
    v === false ||
    v === null ||
    v === undefined ||
    v === 0 ||
    v === '' ||
    (Array.isArray(v) && v.length === 0)
  );

/**
 * The voucher `doc` posts by its definition's `posting`, or null when it posts nothing (no
 * declaration, or every amount zero). Throws PostingRefused when it must not be posted.
 */
export function buildPosting(doc: PostedDocument, world: PostingWorld): BuiltVoucher | null {
  const posting: PostingDefinition | undefined = doc.def.posting;
  if (!posting) return null;
  const lineCount = Object.values(doc.lines).reduce((n, rows) => n + rows.length, 0);
  return withinRuleBudget(() => build(posting, doc, world), documentBudget(lineCount));
}

function build(posting: PostingDefinition, doc: PostedDocument, world: PostingWorld): BuiltVoucher | null {
  const docData: Record<string, unknown> = { ...doc.values, ...doc.lines };
  const out: BuiltLine[] = [];
  for (const spec of posting.lines) {
    const each: (Row | null)[] = spec.forEach ? (doc.lines[spec.forEach] ?? []) : [null];
    const merged = new Map<string, BuiltLine>();
    for (const line of each) {
      const data = line ? { ...line, doc: docData } : docData;
      if (spec.when !== undefined && !truthy(evaluate(spec.when, data))) continue;
      let amount = amountOf(spec, data);
      if (amount === 0) continue;
      let debitSide = spec.debit !== undefined;
      if (amount < 0) {
        amount = -amount;
        debitSide = !debitSide;
      }
      const account = accountOf(spec, doc, line, world);
      if (account.level !== POSTABLE_LEVEL || !account.active)
        throw new PostingRefused('notPostable', () => ({
          account: `${account.code} ${account.name}`,
          line: spec.id,
        }));
      const [detail1, detail2] = detailsFor(account, spec, doc, line, world);
      const description = (
        spec.description
          ? renderTemplate(spec.description, doc, line, spec.forEach, world)
          : renderTemplate(posting.description, doc, null, undefined, world)
      ).slice(0, 200);
      const built: BuiltLine = {
        account: account.id,
        detail1,
        detail2,
        debit: debitSide ? amount : 0,
        credit: debitSide ? 0 : amount,
        description,
      };
      const key = `${debitSide ? 'd' : 'c'}|${account.id}|${detail1 ?? ''}|${detail2 ?? ''}`;
      const same = spec.forEach && spec.merge !== false ? merged.get(key) : undefined;
      if (same) {
        same.debit += built.debit;
        same.credit += built.credit;
      } else {
        if (spec.forEach && spec.merge !== false) merged.set(key, built);
        out.push(built);
      }
    }
  }
  if (out.length === 0) return null;
  // exact sums (BigInt): thousands of lines of large amounts stay exact
  const debit = out.reduce((s, l) => s + BigInt(l.debit), 0n);
  const credit = out.reduce((s, l) => s + BigInt(l.credit), 0n);
  if (debit !== credit) {
    const diff = debit > credit ? debit - credit : credit - debit;
    const shown = (n: bigint) => (n <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(n) : n.toString());
    throw new PostingRefused('unbalanced', () => ({
      debit: shown(debit),
      credit: shown(credit),
      difference: shown(diff),
    }));
  }
  const dateField = posting.dateField ?? doc.def.period?.field;
  const date = dateField ? doc.values[dateField] : undefined;
  if (typeof date !== 'string' || date === '') throw new PostingRefused('dateMissing', () => ({}));
  const branch = asId(doc.values[BRANCH_FIELD]);
  return {
    date: date.slice(0, 10),
    branch,
    description: renderTemplate(posting.description, doc, null, undefined, world).slice(0, 400),
    lines: out,
    totalDebit: Number(debit),
    totalCredit: Number(credit),
  };
}
