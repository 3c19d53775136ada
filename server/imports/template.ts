/**
 * The import template of an entity: an XLSX workbook (exceljs) whose first sheet has the fields
 * the user may import as headers in the request language (required ones marked «*», lines'
 * fields named with their table), one sample row, right to left in Persian; and a notes sheet
 * saying per field what it takes (its kind, required, the enum's labels, the looked-up entity by
 * code or name) and how dates, digits and documents with lines are read (docs/import.md).
 */
import ExcelJS from 'exceljs';
import { localText, type Lang } from '../../runtime/shared/definition';
import { KINDS, kindField, kindOf } from '../../runtime/shared/fieldKind';
import type { AppContext, CurrentUser } from '../context';
import type { Entity } from '../definitions/registry';
import type { Untyped } from '../db/untyped';
import { scopeCondition } from '../entities/scope';
import { t } from '../i18n';
import { fieldHeader, type TargetField } from './fields';

type Sample = string | number | null;

/** A sample value of a lookup: the code (or name) of a row the user may see, else none. */
async function lookupSample(ctx: AppContext, user: CurrentUser, f: TargetField): Promise<Sample> {
  const spec = f.meta?.lookup;
  const target = spec ? ctx.registry.byEntityKey(spec.entity) : undefined;
  if (!spec || !target) return null;
  const column = spec.codeField ?? spec.displayField;
  let q = (ctx.db as unknown as Untyped).selectFrom(target.table).select(column).orderBy('id').limit(1);
  const scope = scopeCondition(target, user);
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
  const data = book.addWorksheet(t(lang, 'import.template.dataSheet'), {
    views: [{ rightToLeft: rtl, state: 'frozen', ySplit: 1 }],
  });
  data.addRow(fields.map((f) => `${fieldHeader(entity, f, lang)}${f.required ? '*' : ''}`)).font = {
    bold: true,
  };
  const row: Sample[] = [];
  for (const f of fields) row.push(f.meta?.lookup ? await lookupSample(ctx, user, f) : sample(f, lang));
  data.addRow(row);
  // text columns stay text: Excel must not turn a code «0012» into 12 nor «=…» into a formula
  fields.forEach((f, i) => {
    const column = data.getColumn(i + 1);
    column.width = Math.min(40, Math.max(12, fieldHeader(entity, f, lang).length + 4));
    if (!KINDS[kindOf(f.source, f.field)].numeric) column.numFmt = '@';
  });
  const notes = book.addWorksheet(t(lang, 'import.template.notesSheet'), { views: [{ rightToLeft: rtl }] });
  notes.addRow([
    t(lang, 'import.template.column'),
    t(lang, 'import.template.required'),
    t(lang, 'import.template.takes'),
  ]).font = {
    bold: true,
  };
  for (const f of fields)
    notes.addRow([
      fieldHeader(entity, f, lang),
      t(lang, f.required ? 'import.template.yes' : 'import.template.no'),
      note(ctx, f, lang),
    ]);
  notes.addRow([]);
  for (const key of ['dates', 'digits', 'lines', 'sample', 'text'])
    notes.addRow([t(lang, `import.template.rules.${key}`)]);
  notes.getColumn(1).width = 30;
  notes.getColumn(3).width = 80;
  return Buffer.from(await book.xlsx.writeBuffer());
}
