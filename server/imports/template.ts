/**
 * The import template of an entity: an XLSX workbook (exceljs) whose first sheet has the fields
 * the user may import as headers in the request language (required ones marked «*», lines'
 * fields named with their table), one sample row, right to left in Persian; and a notes sheet
 * saying per field what it takes (its kind, required, the enum's labels, the looked-up entity by
 * code or name) and how dates, digits and documents with lines are read (docs/import.md).
 * A document type's template offers both forms of lines: its first sheet starts with the document
 * key column and has the line fields (one sheet, header fields repeated), and a lines sheet has the
 * key and the line fields (two sheets: one row per document on the first, its lines on the second).
 */
import ExcelJS from 'exceljs';
import { localText, type Lang } from '../../runtime/shared/definition';
import { KINDS, kindField, kindOf } from '../../runtime/shared/fieldKind';
import type { AppContext, CurrentUser } from '../context';
import type { Entity } from '../definitions/registry';
import type { Untyped } from '../db/untyped';
import { rowAccessCondition } from '../entities/scope';
import { t } from '../i18n';
import { docKeyHeader, fieldHeader, hasDocKey, type TargetField } from './fields';

type Sample = string | number | null;

/** A sample value of a lookup: the code (or name) of a row the user may see, else none. */
async function lookupSample(ctx: AppContext, user: CurrentUser, f: TargetField): Promise<Sample> {
  const spec = f.meta?.lookup;
  const target = spec ? ctx.registry.byEntityKey(spec.entity) : undefined;
  if (!spec || !target) return null;
  const column = spec.codeField ?? spec.displayField;
  let q = (ctx.db as unknown as Untyped).selectFrom(target.table).select(column).orderBy('id').limit(1);
  const scope = await rowAccessCondition(ctx.db, target, user);
  if (scope) q = q.where(scope);
  const row = (await q.executeTakeFirst()) as Record<string, unknown> | undefined;
  const v = row?.[column];
  return v === undefined || v === null ? null : String(v);
}

function sample(f: TargetField, lang: Lang): Sample {
  const kind = kindOf(f.source, f.field);
  const schema = f.source.schema.properties[f.field];
  const parts = kindField(schema, f.meta);
  const first = schema?.enum?.[0];
  switch (kind) {
    case 'date':
      return '1405/01/15';
    case 'dateTime':
      return '1405/01/15 10:30';
    case 'time':
      return '10:30';
    case 'boolean':
      return lang === 'fa' ? 'بله' : 'yes';
    case 'enum':
      return first === undefined ? null : localText(parts.enumLabels?.[String(first)], lang) || String(first);
    case 'money':
      return 1_000_000;
    case 'integer':
      return Math.max(1, schema?.minimum ?? 1);
    case 'decimal':
    case 'percent':
      return 1.5;
    case 'nationalCode':
      return '0012345679';
    case 'mobile':
      return '09121234567';
    case 'email':
      return 'name@example.com';
    default:
      return schema?.pattern || schema?.format ? null : t(lang, 'import.template.sampleText');
  }
}

/** What a field takes, for the notes sheet. */
function note(ctx: AppContext, f: TargetField, lang: Lang): string {
  const kind = kindOf(f.source, f.field);
  const parts: string[] = [t(lang, `import.template.kinds.${KINDS[kind].numeric ? 'number' : kind}`)];
  const labels = f.meta?.enumLabels;
  if (kind === 'enum' && labels)
    parts.push(
      Object.values(labels)
        .map((l) => localText(l, lang))
        .join('، '),
    );
  const spec = f.meta?.lookup;
  if (spec) {
    const target = ctx.registry.byEntityKey(spec.entity);
    parts.push(
      t(lang, 'import.template.lookup', { entity: localText(target?.def.title, lang) || spec.entity }),
    );
  }
  return parts.filter(Boolean).join(' — ');
}

export async function templateWorkbook(
  ctx: AppContext,
  user: CurrentUser,
  entity: Entity,
  fields: TargetField[],
  lang: Lang,
): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const rtl = lang === 'fa';
  const keyed = hasDocKey(entity);
  const samples = new Map<TargetField, Sample>();
  for (const f of fields) samples.set(f, f.meta?.lookup ? await lookupSample(ctx, user, f) : sample(f, lang));
  /** A sheet of `columns` (the key column first when `keyed`) with a header row and a sample row. */
  const sheet = (name: string, columns: TargetField[]) => {
    const ws = book.addWorksheet(name, { views: [{ rightToLeft: rtl, state: 'frozen', ySplit: 1 }] });
    const headers = columns.map((f) => `${fieldHeader(entity, f, lang)}${f.required ? '*' : ''}`);
    ws.addRow(keyed ? [docKeyHeader(lang), ...headers] : headers).font = { bold: true };
    const row = columns.map((f) => samples.get(f) ?? null);
    ws.addRow(keyed ? ['1', ...row] : row);
    const shift = keyed ? 1 : 0;
    if (keyed) {
      ws.getColumn(1).width = 14;
      ws.getColumn(1).numFmt = '@';
    }
    // text columns stay text: Excel must not turn a code «0012» into 12 nor «=…» into a formula
    columns.forEach((f, i) => {
      const column = ws.getColumn(i + 1 + shift);
      column.width = Math.min(40, Math.max(12, fieldHeader(entity, f, lang).length + 4));
      if (!KINDS[kindOf(f.source, f.field)].numeric) column.numFmt = '@';
    });
  };
  sheet(t(lang, 'import.template.dataSheet'), fields);
  if (keyed)
    sheet(
      t(lang, 'importSheets.linesSheet'),
      fields.filter((f) => f.child),
    );
  const notes = book.addWorksheet(t(lang, 'import.template.notesSheet'), { views: [{ rightToLeft: rtl }] });
  notes.addRow([
    t(lang, 'import.template.column'),
    t(lang, 'import.template.required'),
    t(lang, 'import.template.takes'),
  ]).font = {
    bold: true,
  };
  if (keyed)
    notes.addRow([docKeyHeader(lang), t(lang, 'import.template.no'), t(lang, 'importSheets.keyNote')]);
  for (const f of fields)
    notes.addRow([
      fieldHeader(entity, f, lang),
      t(lang, f.required ? 'import.template.yes' : 'import.template.no'),
      note(ctx, f, lang),
    ]);
  notes.addRow([]);
  for (const key of ['dates', 'digits', 'lines', 'sample', 'text'])
    notes.addRow([t(lang, `import.template.rules.${key}`)]);
  if (keyed)
    for (const key of ['oneSheet', 'twoSheets']) notes.addRow([t(lang, `importSheets.rules.${key}`)]);
  notes.getColumn(1).width = 30;
  notes.getColumn(3).width = 80;
  return Buffer.from(await book.xlsx.writeBuffer());
}
