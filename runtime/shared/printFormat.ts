/**
 * Print formats (docs/print.md): how a row of a definition is printed, declared in the definition's
 * `printFormats` (so it is versioned, published and rolled back with the definition). A format is a
 * list of blocks drawn top to bottom: the company header, party blocks (the seller and the buyer of
 * the official Iranian sales invoice), the document's fields in a grid, a lines table with chosen
 * columns, totals, the amount in words, signature boxes and a footer. One format per entity is the
 * default; an entity without any prints the generic format (`genericFormat`). Shared by the client's
 * print view and the server's PDF (renderers/print, server/print).
 */
import type { EntityDefinition, LocalText } from './definition';
import type { Expr } from './rules';
import { englishCheck, printFormatChecks } from './print/formatChecks';

/** A field of the row, or of a row it looks up (`lookup` names the field of the looked-up row). */
export interface PrintValue {
  /** The row's (or line's) field. */
  field: string;
  /** `field` is a lookup: print this field of the looked-up row instead of its display text. */
  show?: string;
  /**
   * `show` is itself a lookup (an item's unit): the entity and display field of its rows, so the
   * print view fetches their texts without the looked-up entity's definition.
   */
  showLookup?: { entity: string; displayField: string };
  /** Label; default the field's label. */
  label?: LocalText;
  /** Printed only when it has a value (a receipt's cash box or bank account, whichever it names). */
  optional?: boolean;
  /**
   * In a format printed once per line (`eachLine`): the field is the line's, not the document's
   * (a payslip's base salary among a payroll run's lines).
   */
  line?: boolean;
}

/** A column of a lines table: a value, or a computed figure of the line (JSON Logic, e.g. amount − discount). */
export interface PrintColumn {
  /** The line's field (with `show`: of the looked-up row). */
  field?: string;
  show?: string;
  showLookup?: { entity: string; displayField: string };
  /** A figure computed from the line's fields (money: integer Rial). */
  expr?: Expr;
  /** Shown as money (with `expr`; a field shows as its kind). */
  money?: boolean;
  /** Label; default the field's label (required with `expr`). */
  label?: LocalText;
}

export type PrintBlock =
  /** The company: name, logo, economic code, national id, address, postal code (settings `company.*`). */
  | { kind: 'header'; logo?: boolean }
  /** A titled block of values (the seller's and the buyer's data). */
  | { kind: 'party'; title: LocalText; values: PrintValue[] }
  /** The document's fields in a grid; absent `values`: every field the generic print shows. */
  | { kind: 'fields'; values?: PrintValue[]; columns?: number }
  /**
   * A child table: a row number column, then the chosen columns (absent: the lines grid's);
   * `optional`: not printed when the table has no lines (a receipt that settles no invoice).
   */
  | { kind: 'lines'; table: string; columns?: PrintColumn[]; totals?: boolean; optional?: boolean }
  /** Money totals of the document (absent: its money fields except the open amount). */
  | { kind: 'totals'; values?: PrintValue[] }
  /** The amount of a money field in Persian words (absent: the last total); `line`: the line's field (eachLine). */
  | { kind: 'words'; field?: string; line?: boolean }
  /** Signature and stamp boxes, side by side. */
  | { kind: 'signatures'; boxes: LocalText[] }
  /** A line of text at the foot, and the print date. */
  | { kind: 'footer'; text?: LocalText };

export type PrintBlockKind = PrintBlock['kind'];

export const PRINT_BLOCK_KINDS: readonly PrintBlockKind[] = [
  'header',
  'party',
  'fields',
  'lines',
  'totals',
  'words',
  'signatures',
  'footer',
];

export interface PrintFormat {
  /** camelCase, unique in the entity. */
  name: string;
  /** The printed title (singular: «صورتحساب فروش کالا و خدمات», «سند حسابداری»). */
  title: LocalText;
  /** The entity's default format (at most one). */
  default?: boolean;
  /**
   * A child table: the format prints one sheet per line of it (a payroll run's payslips, one per
   * employee); its values marked `line` are the line's fields, the others the document's.
   */
  eachLine?: string;
  blocks: PrintBlock[];
}

/** The company settings the header prints (values of systemConfig.setting `company.*`). */
export interface PrintCompany {
  name?: string;
  economicCode?: string;
  nationalId?: string;
  postalCode?: string;
  address?: string;
  phone?: string;
  /**
   * The company logo as a `data:image/…;base64,` URL (the image of the settings row
   * `company.logo`, LOGO_SETTING), printed by a header with `logo: true`; absent without one.
   */
  logo?: string;
}

/** The settings row whose image field (LOGO_FIELD) holds the company logo. */
export const LOGO_SETTING = 'company.logo';
/** The settings' image field (schemas/systemConfig/setting.json). */
export const LOGO_FIELD = 'image';
/** What the logo's settings row is, for people (the settings grid's key column). */
export const LOGO_SETTING_TITLE: LocalText = {
  fa: 'نشان (لوگوی) شرکت در سربرگ چاپ — تصویر را در «تصویر» بارگذاری کنید',
  en: 'Company logo on printed sheets — upload it as the Image',
};
/** The largest logo the settings take (bytes; the image field's `maxBytes`). */
export const LOGO_MAX_BYTES = 512 * 1024;

/** The settings keys of PrintCompany's text fields. */
export const COMPANY_KEYS: Record<Exclude<keyof PrintCompany, 'logo'>, string> = {
  name: 'company.name',
  economicCode: 'company.economicCode',
  nationalId: 'company.nationalId',
  postalCode: 'company.postalCode',
  address: 'company.address',
  phone: 'company.phone',
};

/**
 * A singular title from a plural one when the definition gives none (`recordTitle`): Persian
 * «…های» / «…‌ها» on the first word and English «…s» on the last are dropped («فاکتورهای فروش» →
 * «فاکتور فروش», «Sales invoices» → «Sales invoice»); any other title is kept as it is.
 */
export function singularTitle(title: LocalText): LocalText {
  const words = title.fa.split(' ');
  const first = words[0] ?? '';
  const fa = first.replace(/\u200c?های$/, '').replace(/\u200cها$/, '');
  const out: LocalText = { fa: [fa || first, ...words.slice(1)].join(' ') };
  if (title.en) out.en = title.en.replace(/(?<=[a-z])s$/, '');
  return out;
}

/** The generic format: company header, fields, every child table, totals, amount in words, footer. */
export function genericFormat(definition: EntityDefinition): PrintFormat {
  return {
    name: 'generic',
    title: definition.recordTitle ?? singularTitle(definition.title),
    default: true,
    blocks: [
      { kind: 'header' },
      { kind: 'fields' },
      ...Object.keys(definition.children ?? {}).map((table): PrintBlock => ({ kind: 'lines', table })),
      { kind: 'totals' },
      { kind: 'words' },
      { kind: 'footer' },
    ],
  };
}

/** The formats a user picks from: the declared ones, else the generic one. */
export function printFormatsOf(definition: EntityDefinition): PrintFormat[] {
  const declared = definition.printFormats ?? [];
  return declared.length > 0 ? declared : [genericFormat(definition)];
}

/** The format of this name, else the default, else the first, else the generic one. */
export function printFormatOf(definition: EntityDefinition, name?: string): PrintFormat {
  const all = printFormatsOf(definition);
  return all.find((f) => f.name === name) ?? all.find((f) => f.default) ?? all[0]!;
}

/**
 * What is wrong with a definition's print formats, in English with each problem's JSON path (the
 * keyed checks of print/formatChecks.ts, which the server translates and the designer shows).
 */
export function printFormatProblems(definition: EntityDefinition): string[] {
  return printFormatChecks(definition).map(englishCheck);
}
