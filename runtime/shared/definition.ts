/**
 * The entity definition: one JSON document per entity (schemas/{module}/{entity}.json), read by the
 * server (storage, validation, permissions) and the renderers (grid, form). Its format is described
 * by schemas/definition.schema.json; keep the two in step.
 */

export type Lang = 'fa' | 'en';

import type { PrintFormat } from './printFormat';
import type { FieldKind } from './fieldKinds/kinds';
import type { RuleSet } from './rules';
import type { StockDefinition } from './stock';
import type { PostingDefinition } from './posting';
import type { Expr } from './rules';
import type { AllocationSpec, LineImportSpec, SettlementSpec } from './treasury';
import type { CreditDefinition } from './credit';
import type { SourceDefinition } from './chain';
import type { KeptDefinition } from './kept';
import type { TaxDefinition } from './tax';
import type { FormLayout } from './layout';
import type { AutomationDefinition } from './automation';

/** Vendor and customer users are tied to one party row (spec section 1: isVendor, isCustomer). */
export type PartyKind = 'vendor' | 'customer';
export const LANGS: readonly Lang[] = ['fa', 'en'];

/** Text per language; `fa` is required, others fall back to it. */
export type LocalText = { fa: string } & Partial<Record<Lang, string>>;

/** JSON Schema subset a field may use (ajv validates the rest). */
export interface FieldSchema {
  type: 'string' | 'integer' | 'number' | 'boolean';
  /** `date` (ISO yyyy-mm-dd), `date-time`, `time` (HH:MM), `ir-national-code`, `ir-company-id`, `ir-postal-code`, `ir-economic-code`, `ir-sheba`, `ir-mobile`, `ir-sayad`, `email`. */
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  enum?: (string | number)[];
  default?: string | number | boolean;
  /** Filled by the server per language when the definition is sent; not stored. */
  title?: string;
  description?: string;
  readOnly?: boolean;
}

export interface EntityDataSchema {
  type: 'object';
  properties: Record<string, FieldSchema>;
  required?: string[];
  additionalProperties?: false;
}

/** Fluent UI Badge colours an enum value may be drawn in (FieldMeta.enumColors). */
export type EnumColor =
  'brand' | 'danger' | 'important' | 'informative' | 'severe' | 'subtle' | 'success' | 'warning';

export interface FieldMeta {
  label: LocalText;
  /**
   * What the field holds (runtime/shared/fieldKinds): absent, it is derived from the schema type and
   * format, `money`, `lookup` and the uiSchema widget (fieldKinds/derive.ts).
   */
  kind?: FieldKind;
  /** Decimal places of a decimal or percent field (0–6); values are rounded to them. */
  precision?: number;
  /** Enum labels per value, for selects and grid cells; a multiEnum's options are its keys, in order. */
  enumLabels?: Record<string, LocalText>;
  /** A colour per enum value (Fluent Badge colours), drawn as a coloured tag (e.g. a document's state). */
  enumColors?: Record<string, EnumColor>;
  /**
   * A text field holding names the application knows: its values show as their labels, taken from
   * the named source when the definition is served (server/meta/labelSources.ts: `entities`,
   * `workflowStates`, `fieldNames`, `settings`, `settingValues`).
   */
  labelsFrom?: string;
  /**
   * A text field whose choices are a list the application keeps (runtime/shared/choiceSources.ts,
   * e.g. `modules`): its schema `enum` and its `enumLabels` are filled in where definitions load.
   */
  choicesFrom?: string;
  /** Lookup to another entity: the stored value is that entity's id (see LookupSpec). */
  lookup?: LookupSpec;
  sortable?: boolean;
  filterable?: boolean;
  /** Shown in the grid unless listed in list.columns (then that order wins). */
  hiddenInGrid?: boolean;
  /** Money amount in Rial (integer): separators and Persian digits on display. */
  money?: boolean;
  /** No two rows may hold the same value (a unique index; a duplicate answers 417 on this field). */
  unique?: boolean;
  /**
   * With `unique`: the value is unique per these other fields of the record (a composite unique
   * index, e.g. a code unique per branch or per fiscal year) instead of across the whole table.
   */
  uniqueScope?: string[];
  /**
   * The value a new record starts with when it has none (runtime/shared/initialValues.ts), e.g.
   * `today`: filled in by the form and by the server on Create.
   */
  initial?: string;
  /**
   * A lookup's value on Create when none is given, found by the server (the form leaves it empty and
   * the saved record shows it): the row whose code (the lookup's `codeField`) is the value of the
   * `systemConfig.setting` row `setting`, else, with `first`, the first row by code (then id).
   */
  initialFrom?: { setting?: string; first?: boolean };
  /**
   * A read-only figure the server computes from its own tables when rows are read (never stored,
   * neither sorted nor filtered), by the name of a registered aggregate
   * (server/entities/aggregates.ts), e.g. `stock.onHand`: an item's quantity on hand.
   */
  aggregate?: string;
  /**
   * An attachments or image field: the largest file it takes, in bytes (at most and by default
   * ATTACHMENT_MAX_BYTES); the server refuses a bigger upload (413), the widget before sending.
   */
  maxBytes?: number;
}

/**
 * A lookup field's target and how people find and use its rows (docs/lowcode-api.md, Lookups).
 * Field names of `codeField` and `searchFields` are the looked-up entity's; the keys of `fill` are
 * fields of the entity (or line) holding the lookup, its values fields of the looked-up row.
 */
export interface LookupSpec {
  /** 'module.name' of the looked-up entity. */
  entity: string;
  /** The looked-up entity's field naming a row (shown, searched, sorted by). */
  displayField: string;
  /**
   * The looked-up entity's code field: searched, shown before the name («۱۰۰۲ — پیچ M8»), and a text
   * typed without a pick that equals exactly one row's code picks that row.
   */
  codeField?: string;
  /** Further fields of the looked-up entity a search looks in (beside displayField and codeField). */
  searchFields?: string[];
  /**
   * Fields filled when a row is picked: target field (of this entity or line) → field of the picked
   * row. Filled values are ordinary field values: the user may change them and the server validates
   * them as any other.
   */
  fill?: Record<string, string>;
  /**
   * Fields filled from a line of a related list when a row is picked, e.g. an invoice line's unit
   * price from the customer's price list (runtime/shared/fillFrom.ts). Applied over `fill`: where
   * no list has the picked row, what `fill` gave stays (the item's own price).
   */
  fillFrom?: FillFromSpec;
  /**
   * Fields of the looked-up row shown beside each offered row, after its text, with their labels
   * (e.g. an item's on-hand quantity): «K-0001 — برنج · موجودی: ۱۲۰» (runtime/shared/lookup.ts).
   */
  showFields?: { field: string; label: LocalText }[];
  /**
   * The rows a picker offers: a GetList filterModel over the looked-up entity, e.g. only active
   * subsidiary accounts on a voucher line. A hint to the pickers; the server checks the value.
   */
  filter?: Record<string, unknown>;
}

/**
 * A related list to fill from (LookupSpec.fillFrom): the rows of `entity` that match the document
 * holding the lookup, the most specific first, then the latest valid; the first whose `lines`
 * table has a line with `key` = the picked id fills `fill` from that line. A default the user may
 * change: the server validates the value as any other.
 */
export interface FillFromSpec {
  /** 'module.name' of the list entity, e.g. 'sales.priceList'. */
  entity: string;
  /** The list's child table holding the values, e.g. 'lines'. */
  lines: string;
  /** The field of the list's lines holding the picked row's id, e.g. 'item'. */
  key: string;
  /**
   * List field → field of the document: a list whose field is empty applies to every document
   * (a general list), one whose field equals the document's applies to it and wins over a general
   * one. The fields are in order of preference: a list naming the first wins over one naming only
   * the later ones (a customer's own list before its group's, before a general one).
   */
  match?: Record<string, string>;
  /** The list's validity dates (`to` empty: open-ended) around the document's date field `at`. */
  validity?: { from: string; to?: string; at: string };
  /** A boolean field of the list: only lists with it true apply. */
  active?: string;
  /** Target field (of the holder: the line or entity with the lookup) → field of the list's line. */
  fill: Record<string, string>;
}

export interface ListSettings {
  columns: string[];
  defaultSort?: { colId: string; sort: 'asc' | 'desc' }[];
  pageSize?: number;
  /** Shown as a tree: rows indented by `levelField` (1 = top); `parentField` looks up the parent row. */
  tree?: { parentField: string; levelField: string };
}

export interface EntityDefinition {
  /** camelCase; API path segment is its PascalCase, client route /{module}/{name}. */
  name: string;
  /** One of the spec's module areas (route segment), e.g. sales, supplyChain. */
  module: string;
  title: LocalText;
  /** Name of the column holding the text that represents a row (lookups, titles). */
  displayField: string;
  schema: EntityDataSchema;
  fields: Record<string, FieldMeta>;
  uiSchema?: Record<string, unknown>;
  /** The form's tabs, sections and rows (./layout.ts, docs/lowcode-layout.md); absent: the plain grid. */
  layout?: FormLayout;
  list: ListSettings;
  /**
   * Row scoping: the field tying a row to a vendor/customer party. `partyEditable`: the fields a
   * user of `partyKind` may write (the others are read-only to it, server/security/partyWrite.ts);
   * absent: every field its role allows.
   */
  scope?: {
    party?: string;
    partyKind?: PartyKind;
    partyEditable?: string[];
    /**
     * Further party fields, each for users of its kind (a cheque: its customer for customer users,
     * its vendor for vendor users); runtime/shared/scope.ts `scopeParty` picks the one of a kind.
     */
    also?: { party: string; partyKind: PartyKind }[];
  };
  /** Menu placement; absent means the entity has no menu item. */
  menu?: { order?: number; icon?: string };
  /** Computed fields and cross-field rules of the document (runtime/shared/rules.ts). */
  rules?: RuleSet;
  /** Child tables (document lines), by name; stored in `e_{module}_{name}__{child}`. */
  children?: Record<string, ChildDefinition>;
  /** Approval states with role-gated transitions (server/operations/workflow.ts enforces them). */
  workflow?: WorkflowDefinition;
  /** Rows belong to branches: calls answer 501 when a selected branch has no operating licence. */
  branchScoped?: boolean;
  /**
   * Who may write rows through the API, whatever the role permissions say (server/security/writeRule.ts):
   * `server` = nobody, not even admin (logs and histories the server writes itself); `admin` = the
   * admin role only (system settings). Absent: the role permissions alone.
   */
  writes?: 'server' | 'admin';
  /**
   * Rows written by the server only: rows whose `field` holds one of `values` answer 403 on
   * Update/Delete and cannot be created through the API (e.g. the licence shown among the settings).
   */
  serverRows?: { field: string; values: string[] };
  /**
   * Links of the list toolbar for the selected row (e.g. run a saved report); `{id}` in the route
   * is replaced by the row's id. Shown to whoever may view the entity.
   */
  rowLinks?: RowLink[];
  /**
   * Server actions on the selected row, drawn in the list toolbar for users holding `permission`:
   * `POST /api/{Module}/{Entity}/{Name}` with `{ id, version }` (the server checks the permission
   * again), after a confirmation; the answer is the updated row.
   */
  rowActions?: RowAction[];
  /** Dated documents: GetList/Export keep rows whose date `field` lies in the selectedYear fiscal period. */
  period?: { field: string };
  /**
   * A document with a lifecycle: draft → final → cancelled (runtime/shared/lifecycle.ts adds the
   * fields `docState`, `cancelReason`, `amendedFrom` when the definition loads; the server's
   * lifecycle step enforces it, docs/api.md "Document lifecycle").
   */
  lifecycle?: LifecycleDefinition;
  /**
   * What a final document moves in stock (runtime/shared/stock.ts, docs/inventory.md): stock ledger
   * entries and moving-average balances on Finalise, taken back on Cancel.
   */
  stock?: StockDefinition;
  /**
   * A numbering series (runtime/shared/numbering.ts): the server writes `field` from `pattern` on
   * create or when the document is finalised; the field is read-only to clients.
   */
  numbering?: NumberingSpec;
  /**
   * What a final document posts to the general ledger (runtime/shared/posting.ts, docs/accounting.md):
   * one balanced voucher on Finalise, its reversal on Cancel.
   */
  posting?: PostingDefinition;
  /**
   * Each row has its floating detail account (تفصیلی شناور) in the detail group of this code, kept by
   * the server and shown as the read-only lookup field `detailAccount` (runtime/shared/detailAccount.ts).
   */
  detailAccount?: DetailAccountSpec;
  /**
   * Amounts this document allocates to other documents when it is finalised (a receipt's lines to
   * open invoices), taken back when it is cancelled (runtime/shared/treasury.ts, docs/treasury.md).
   */
  allocations?: AllocationSpec[];
  /**
   * Documents others allocate to (an invoice): the server keeps `open` = `total` − what final
   * documents allocated to it (runtime/shared/treasury.ts).
   */
  settlement?: SettlementSpec;
  /**
   * The party's credit limit checked when a document is finalised (runtime/shared/credit.ts,
   * docs/credit.md): its open balance plus the document's amount against the limit on its row,
   * refused or warned by the setting `sales.creditLimit.mode`.
   */
  credit?: CreditDefinition;
  /**
   * The document is made from another final document (runtime/shared/chain.ts, docs/chain.md): its
   * lines carry the source lines' outstanding quantities, Finalise takes them (over-delivery
   * refused) and Cancel gives them back.
   */
  source?: SourceDefinition;
  /**
   * Value-added tax per line (runtime/shared/tax.ts, docs/tax.md): each line's tax code, the rate
   * valid on the document's date and its tax, and the document's total, computed by the server.
   */
  tax?: TaxDefinition;
  /**
   * Values the server copies onto a draft on every save and on Finalise from a looked-up row or a
   * setting (runtime/shared/kept.ts): the buyer's and the seller's economic code on an invoice, as
   * they were when it became final.
   */
  kept?: KeptDefinition;
  /** One row's name for printed titles («فاکتور فروش»); default: `title` made singular (printFormat.ts). */
  recordTitle?: LocalText;
  /** How a row is printed (runtime/shared/printFormat.ts, docs/print.md); absent: the generic format. */
  printFormats?: PrintFormat[];
  /**
   * What happens on the document's events (runtime/shared/automation.ts, docs/automations.md): set
   * a field, create a related document, notify a role or user, call a webhook endpoint by name.
   */
  automations?: AutomationDefinition[];
  /**
   * Set by Meta/Entity/GetDefinition: same-origin URLs of the standalone validator modules of the
   * schemas as sent (record, and each child table by name); see runtime/shared/validatorRuntime.ts.
   */
  validators?: { record: string; children: Record<string, string> };
  /**
   * Set by Meta/Entity/GetDefinition: the server computes values of this entity beyond the
   * definition's rules (an entity rule such as the promotions of an invoice), so the form asks the
   * server's Preview for the figures it shows before saving.
   */
  serverComputed?: boolean;
}

/** A definition's `detailAccount`: the code of the detail group (accounting.detailGroup) its rows' accounts belong to. */
export interface DetailAccountSpec {
  group: string;
}

/** What a definition's `lifecycle` declares (every key optional: `{}` is the plain lifecycle). */
export interface LifecycleDefinition {
  /** Fields (notes, attachments…) a final document still lets its editors change. */
  editableWhenFinal?: string[];
  /** Attachments of a final document may still be added or removed (default true). */
  attachmentsWhenFinal?: boolean;
  /** Workflow states (of `workflow.field`) a draft must be in to be finalised; absent: any. */
  finaliseFrom?: string[];
}

/**
 * A numbering series: `pattern` of literal text and the tokens `{year}` (Jalali fiscal year of the
 * document's `period.field` date), `{branch}` (the code of the row's branch: branchScoped entities
 * whose `branch` field is a lookup naming a `codeField`, e.g. systemConfig.branch's `code`) and
 * `{counter:N}` (the series' counter, zero-padded to N digits), e.g. `INV-{year}-{counter:6}` →
 * `INV-1405-000123`, `B{branch}-{year}-{counter:4}` → `BHQ-1405-0001`.
 */
export interface NumberingSpec {
  field: string;
  pattern: string;
  on: 'create' | 'finalise';
}

/** Approval workflow: `field` (a string enum) starts at `initial` and changes only along `transitions`. */
export interface WorkflowDefinition {
  field: string;
  initial: string;
  /**
   * The initial state by the new row's values: the first entry whose `when` (an expression over
   * the values) is truthy gives it, else `initial` (a received cheque starts «نزد صندوق», an issued
   * one «صادرشده»). runtime/shared/workflow.ts `initialState`.
   */
  initialWhen?: { when: Expr; state: string }[];
  transitions: WorkflowTransition[];
  /**
   * Per state: the roles that may edit (`edit`) or delete (`delete`) a row in that state; a state
   * or list absent: everyone with the entity permission.
   */
  states?: Record<string, { edit?: string[]; delete?: string[] }>;
}

export interface WorkflowTransition {
  from: string;
  to: string;
  /** Roles allowed to make this transition. */
  roles: string[];
  /** The transition exists only for rows whose values make this expression truthy. */
  when?: Expr;
  /**
   * What the transition posts to the general ledger (runtime/shared/posting.ts): one balanced
   * voucher, dated the day of the transition (or `posting.dateField`), when a FINAL document makes
   * it; reversed with the document's other vouchers when the document is cancelled.
   */
  posting?: PostingDefinition;
}

export interface RowLink {
  name: string;
  label: LocalText;
  /** Client route, e.g. /report/savedReport/{id}/run. */
  route: string;
}

export interface RowAction {
  /** camelCase; the call path's last segment is its PascalCase (compute → …/Compute). */
  name: string;
  label: LocalText;
  /** The entity permission the button needs. */
  permission: EntityAction;
  /**
   * Only these roles, beside the permission (e.g. closing a fiscal year: `["admin"]`): the
   * definition is served to other roles without the action and the server refuses them (403).
   */
  roles?: string[];
  /** Question asked before the call; absent: no confirmation. */
  confirm?: LocalText;
  /** Toast after success. */
  done: LocalText;
}

/** A child table of a document (e.g. invoice lines): an array of flat rows under `values[name]`. */
export interface ChildDefinition {
  label: LocalText;
  /** The fields of one line (scalar fields only). */
  schema: EntityDataSchema;
  fields: Record<string, FieldMeta>;
  /** At least this many lines (default 0). */
  minItems?: number;
  /** At most this many lines (default DEFAULT_MAX_ITEMS, runtime/shared/bounds.ts); more: 417. */
  maxItems?: number;
  /** Computed fields and cross-field rules of one line. */
  rules?: RuleSet;
  /** Lines may be read from a CSV or XLSX file (runtime/shared/treasury.ts LineImportSpec). */
  import?: LineImportSpec;
}

/** Columns every entity table has, beside its own fields. */
export const SYSTEM_FIELDS = ['id', 'version', 'createdAt', 'updatedAt', 'createdBy', 'updatedBy'] as const;
export type SystemField = (typeof SYSTEM_FIELDS)[number];

/** A stored row as the API sends it. */
export type EntityRow = Record<string, unknown> & { id: number; version: number };

/** GetList rows carry a lookup field's display text under `{field}__display` (when the user may see it). */
export const LOOKUP_DISPLAY_SUFFIX = '__display';
export function lookupDisplayKey(field: string): string {
  return `${field}${LOOKUP_DISPLAY_SUFFIX}`;
}

export const IDENTIFIER = /^[a-z][A-Za-z0-9]{0,62}$/;

export function pascal(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** API path prefix of an entity, e.g. Sales/Customer. */
export function apiPath(def: Pick<EntityDefinition, 'module' | 'name'>): string {
  return `${pascal(def.module)}/${pascal(def.name)}`;
}

export function localText(text: LocalText | undefined, lang: Lang): string {
  if (!text) return '';
  return text[lang] ?? text.fa;
}

/** `import`: rows read from a spreadsheet through the write path (server/imports, docs/import.md). */
export type EntityAction =
  'view' | 'create' | 'edit' | 'delete' | 'export' | 'print' | 'finalise' | 'cancel' | 'import';
export const ENTITY_ACTIONS: readonly EntityAction[] = [
  'view',
  'create',
  'edit',
  'delete',
  'export',
  'print',
  'finalise',
  'cancel',
  'import',
];

/** Answer of Security/Permission/GetEntityPermissions. */
export type EntityPermissions = Record<EntityAction, boolean>;
