/**
 * Import of rows of any entity from a spreadsheet (docs/import.md): the wire shapes of
 * POST /api/Import/{Template,Preview,Run,Status,Cancel} and their limits, for both sides.
 */

/** insert: every row is new; update: the row whose key field holds the value is changed; upsert: either. */
export type ImportMode = 'insert' | 'update' | 'upsert';
export const IMPORT_MODES: readonly ImportMode[] = ['insert', 'update', 'upsert'];

/** The largest file accepted (bytes, before base64): a larger one is refused before it is read. */
export const IMPORT_FILE_MAX_BYTES = 10 * 1024 * 1024;
/** The most data rows of one file. */
export const IMPORT_MAX_ROWS = 200_000;
/** Rows a preview runs through the write steps (every row's cells are read and checked). */
export const IMPORT_PREVIEW_ROWS = 200;
/** Row problems a job keeps (the counts are complete). */
export const IMPORT_MAX_ERRORS = 1000;
/** Days a finished job keeps its file and its committed rows (then cleared; its counts stay). */
export const IMPORT_KEEP_DAYS = 7;

/**
 * The document key column (not a field of the entity): on the first sheet it names the document of
 * each row, on a lines sheet the document each line belongs to (the two-sheet form of documents).
 */
export const IMPORT_DOC_KEY = '#doc';

/** The file as sent: its name and content in base64. */
export interface ImportFile {
  entity: string;
  fileName: string;
  content: string;
}

/** Column index of the file → field of the entity (a child's field as `child.field`); absent: not imported. */
export type ImportMapping = Record<string, string>;

/** The mappings of the lines sheets: workbook sheet index (1 = the second sheet) → its mapping. */
export type ImportLineMappings = Record<string, ImportMapping>;

export interface ImportOptions extends ImportFile {
  /** Absent: the server's automatic mapping (headers matched to the fields' labels in fa or en). */
  mapping?: ImportMapping;
  /**
   * The lines sheets (XLSX): each maps IMPORT_DOC_KEY and line fields (`child.field`). Absent: the
   * automatic match of every later sheet whose headers name the key and a line field.
   */
  lineMappings?: ImportLineMappings;
  mode: ImportMode;
  /** The field naming the row to update (update, upsert). */
  keyField?: string;
}

/** A problem of one cell (field '' : the whole row), with its text in the request language. */
export interface ImportCellError {
  /** 1-based row number in the sheet, as a spreadsheet shows it. */
  row: number;
  /** The sheet's name, when the file has lines sheets (the two-sheet form). */
  sheet?: string;
  field: string;
  message: string;
}

/** A field the file may fill. */
export interface ImportField {
  name: string;
  label: string;
  required: boolean;
}

/** A sheet after the first of an XLSX file: a lines sheet when it is mapped. */
export interface ImportSheet {
  /** Its index in the workbook (1 = the second sheet). */
  index: number;
  name: string;
  headers: string[];
}

export interface ImportPreviewAnswer {
  headers: string[];
  mapping: ImportMapping;
  /** The first sheet's name (XLSX). */
  sheet?: string;
  /** The later sheets of an XLSX file. */
  sheets: ImportSheet[];
  lineMappings: ImportLineMappings;
  fields: ImportField[];
  /** Data rows in the file. */
  total: number;
  /** The first rows as read (field → value), at most IMPORT_PREVIEW_ROWS. */
  rows: { row: number; values: Record<string, unknown> }[];
  errors: ImportCellError[];
  /** Rows with at least one problem (of the rows checked). */
  badRows: number;
  /** How many rows the write steps checked (the rest had their cells read only). */
  checked: number;
}

export type ImportStatus = 'running' | 'done' | 'failed' | 'cancelled';

export interface ImportJobAnswer {
  id: string;
  entity: string;
  mode: ImportMode;
  status: ImportStatus;
  total: number;
  written: number;
  failed: number;
  errors: ImportCellError[];
  createdAt: string;
  updatedAt: string;
}
