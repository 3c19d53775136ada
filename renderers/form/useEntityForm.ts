/**
 * The entity form's controller, as ra-core's edit controller is to its view: the state and the
 * actions of one record's form, with no markup. It holds the values (typed, computed by the
 * definition's rules, handed to RJSF), the lines of the child tables (useLines), dirtiness, the
 * conditional field states, client, rule and server errors (live after the first submit), saving
 * (a 417 puts its messages inline) and Ctrl+S. EntityForm.tsx draws what it answers.
 *
 * Renders: a keystroke reaches here once, in the draft's transition (widgets/draft.ts); the values
 * RJSF reported are handed back as the same object, so it does not re-derive every field.
 */
import type Form from '@rjsf/core';
import type { IChangeEvent } from '@rjsf/core';
import { getDefaultFormState, type RJSFSchema, type RJSFValidationError, type UiSchema } from '@rjsf/utils';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { EntityClient, EntityValues } from '../../runtime/entity/types';
import { ApiError } from '../../runtime/http/ApiError';
import { createAttachmentsClient, type AttachmentsClientFactory } from '../../runtime/entity/attachments';
import {
  localText,
  type ChildDefinition,
  type EntityDefinition,
  type Lang,
} from '../../runtime/shared/definition';
import { messageText, type ServerMessage } from '../../runtime/shared/envelope';
import { RuleRuns } from '../../runtime/shared/ruleRuns';
import { LIFECYCLE_FIELDS } from '../../runtime/shared/lifecycle';
import { withInitialValues, type PeriodRange } from '../../runtime/shared/initialValues';
import { getCurrentPeriod } from '../../runtime/period/current';
import { useLoad } from '../hooks/useLoad';
import { mergeCellErrors, serverCellErrors, type CellErrors, type GridLine, type Line } from './lines/lines';
import {
  applyFieldStates,
  blamedCells,
  mergeFieldErrors,
  safeBrokenRules,
  safeFieldStates,
  statesKey,
  violationMessages,
  withComputed,
} from './rules';
import { buildFormSchema, buildUiSchema, formFieldNames } from './schema';
import { initialLineData, useLines, type LinesState } from './useLines';
import { loadedValidators, loadValidators, recordValidator, type FormValidators } from './precompiled';
import { localiseErrors } from './validator';
import { pickValues, sameValues, serverErrorSchema } from './values';
import { Drafts } from './widgets/draft';
import { previewFields, usePreview } from './usePreview';
import { withSummary } from './summary';
import { localDigits } from '../format';

export interface EntityFormOptions {
  definition: EntityDefinition;
  lang: Lang;
  /** Values to start from (the row when editing, lines under their table names). */
  values?: EntityValues;
  readOnly?: boolean;
  /**
   * Given: only these fields (and child tables) may change, every other one is read-only (a final
   * document's `lifecycle.editableWhenFinal`).
   */
  editableOnly?: readonly string[];
  /** Field messages from the server, shown inline under their fields. */
  serverErrors?: ServerMessage[];
  /** Saves the values; a rejection with ApiError 417 puts its messages inline. */
  onSave?: (values: EntityValues) => Promise<unknown>;
  /** Told whenever the form becomes dirty or clean (for the unsaved-changes guard). */
  onDirtyChange?: (dirty: boolean) => void;
  /** Client of another entity ('module.name'): lookups search and show it through this. */
  clientFor?: (entityKey: string) => EntityClient;
  /** Clients of attachments fields (default: the server's Attachments API over the pipeline). */
  attachments?: AttachmentsClientFactory;
  /** The definition's precompiled validators (useFormValidators). */
  validators: FormValidators;
}

/** What the form's view draws and wires (RJSF's props, the lines grids, messages, buttons). */
export interface EntityFormController {
  /** The RJSF form (Ctrl+S submits it). */
  formRef: RefObject<Form<EntityValues> | null>;
  /** Schema and uiSchema with the current conditional states applied. */
  schema: RJSFSchema;
  uiSchema: UiSchema;
  /** The values handed to RJSF (the same object while it holds them already). */
  formData: EntityValues;
  formContext: {
    lang: Lang;
    clientFor?: (entityKey: string) => EntityClient;
    attachmentsFor: (field: string) => ReturnType<AttachmentsClientFactory>;
    drafts: Drafts;
    /** The values the form opened with (widgets/context.ts widgetRecord). */
    record?: EntityValues;
    valueOf: (field: string) => unknown;
    setFields: (patch: Record<string, unknown>) => void;
    /** Sets fields and lines (by child name) as a lookup's pick does (a file's lines: LinesImport). */
    fill: (values: Record<string, unknown>) => void;
    /** A pick of the document's source: the values made from it (widgets/context.ts). */
    createFrom?: (field: string, id: number) => Promise<Record<string, unknown> | null> | null;
  };
  validator: ReturnType<typeof recordValidator>;
  /** Server field messages and broken rules blamed on fields. */
  extraErrors: ReturnType<typeof mergeFieldErrors>;
  /** Validation is live after the first submit. */
  liveValidate: boolean;
  readOnly: boolean;
  saving: boolean;
  dirty: boolean;
  /** Form-level messages: broken rules, too few lines, the server's business errors. */
  messages: string[];
  /** The child tables: their rows to start from, their cell errors, where the grids report. */
  lines: {
    children: [string, ChildDefinition][];
    initial: Record<string, GridLine[]>;
    errors: Record<string, CellErrors>;
    onGridChange: LinesState['onGridChange'];
    /** Lines a lookup's pick filled, by child name (LinesGrid replaces its lines with them). */
    filled: Record<string, { lines: Line[] }>;
    /** The header's values as shown now (lines' lookups fill from a list matching them). */
    documentOf: () => Record<string, unknown>;
  };
  onChange: (e: IChangeEvent<EntityValues>) => void;
  onSubmit: (e: IChangeEvent<EntityValues>) => void;
  onError: () => void;
  /** Hands RJSF every typed change still in a transition (before a submit validates). */
  flushDrafts: () => void;
  transformErrors: (errors: RJSFValidationError[]) => RJSFValidationError[];
}

function businessErrorsOf(err: ApiError): string[] {
  const data = err.envelope?.Data as { BusinessErrors?: unknown } | null | undefined;
  const list = data && typeof data === 'object' ? data.BusinessErrors : undefined;
  return Array.isArray(list) ? list.map((e) => (typeof e === 'string' ? e : JSON.stringify(e))) : [];
}

/** Makes `target` hold exactly the values of `source` (the object handed to RJSF, kept). */
function refill(target: EntityValues, source: EntityValues): void {
  for (const k of Object.keys(target)) delete target[k];
  Object.assign(target, source);
}

/** The selected fiscal period's days, when one is selected and its days are known (a new document's date defaults into it). */
function selectedPeriodRange(): PeriodRange | null {
  const p = getCurrentPeriod();
  return p?.StartDate && p.EndDate ? { startDate: p.StartDate, endDate: p.EndDate } : null;
}
/**
 * The definition's precompiled validators: given, already imported, or imported now (server
 * modules). `failed` when they cannot be imported (the form cannot validate, so it is not shown).
 */
export function useFormValidators(
  definition: EntityDefinition,
  given?: FormValidators,
): { validators: FormValidators | null; failed: boolean } {
  const ready = given ?? loadedValidators(definition);
  const load = useLoad(ready ? null : () => loadValidators(definition), [definition, ready === null]);
  return { validators: ready ?? load.data ?? null, failed: load.failed };
}

export function useEntityForm(props: EntityFormOptions): EntityFormController {
  const { definition, lang, readOnly = false, onSave, onDirtyChange, clientFor, editableOnly } = props;
  const record = props.validators.record;
  const { t } = useTranslation();
  const formRef = useRef<Form<EntityValues>>(null);
  const rules = definition.rules;
  const names = useMemo(() => formFieldNames(definition), [definition]);
  const baseSchema = useMemo(() => buildFormSchema(definition, lang), [definition, lang]);
  const baseUi = useMemo(() => {
    const ui = buildUiSchema(definition, lang, readOnly);
    // Computed fields are never typed into.
    for (const f of Object.keys(rules?.computed ?? {}))
      if (names.includes(f)) ui[f] = { ...(ui[f] as object), 'ui:readonly': true };
    // a document's state, cancel reason and amended document: the form modal's title and note show
    // them (renderers/screen/LifecycleParts.tsx), not inputs
    if (definition.lifecycle)
      for (const f of LIFECYCLE_FIELDS)
        if (names.includes(f)) ui[f] = { ...(ui[f] as object), 'ui:widget': 'hidden' };
    // a final document: only the fields it names stay editable
    if (editableOnly)
      for (const f of names)
        if (!editableOnly.includes(f)) ui[f] = { ...(ui[f] as object), 'ui:readonly': true };
    // the number of a numbering series is the server's: while it has none (a new record, a draft
    // numbered on finalise) the box says when it gets one rather than standing empty
    const numbered = definition.numbering;
    if (numbered && names.includes(numbered.field))
      ui[numbered.field] = {
        ...(ui[numbered.field] as object),
        'ui:placeholder': t(
          numbered.on === 'create' ? 'form.numbering.onCreate' : 'form.numbering.onFinalise',
        ),
      };
    // the figures computed from the lines sit under the lines (summary.ts)
    return withSummary(ui, definition, names);
  }, [definition, lang, readOnly, rules, names, editableOnly, t]);
  const [baseline] = useState(() => {
    const given = pickValues(props.values, names);
    // a new record starts with the definition's initial values (a document date: today)
    const isNew = props.values?.id === undefined || props.values?.id === null;
    const start = getDefaultFormState(
      recordValidator(record, baseSchema),
      baseSchema as RJSFSchema,
      isNew ? withInitialValues(definition, given, new Date(), { period: selectedPeriodRange() }) : given,
    ) as EntityValues;
    return withComputed(rules, start, initialLineData(definition, props.values), names);
  });
  // The typed values with their computed fields, and the lines they were computed with.
  const [formData, setFormData] = useState<{ values: EntityValues; lines: unknown }>({
    values: baseline,
    lines: null,
  });
  // The formData handed to RJSF. RJSF keeps the values it reported through onChange; the same
  // values handed back as a new object made it re-derive its whole state (every field) a second
  // time per keystroke. While they equal what it reported, the same object stays the prop (its
  // content kept current, so a re-derivation caused by another prop reads the current values);
  // values RJSF does not hold yet (computed fields, totals of the lines) go over as a new object.
  const [handed, setHanded] = useState(() => ({ values: { ...baseline } }));
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [ownServerErrors, setOwnServerErrors] = useState<ServerMessage[] | null>(null);
  const [businessErrors, setBusinessErrors] = useState<string[]>([]);
  const [editedSinceServer, setEditedSinceServer] = useState<Set<string>>(new Set());
  // The rules evaluated again per change only where their inputs changed (runtime/shared/ruleRuns.ts).
  const [ruleRuns] = useState(() => new RuleRuns());
  // Typed fields show a keystroke at once and hand it to the form in a transition (widgets/draft.ts).
  const [drafts] = useState(() => new Drafts());

  const lines = useLines(definition, props.validators.children, props.values, submitted, t, lang);
  // Computed fields shown from the typed values and the current lines.
  const shown = useMemo(
    () =>
      formData.lines === lines.data
        ? formData.values
        : withComputed(rules, formData.values, lines.data, names, ruleRuns),
    [rules, formData, lines.data, names, ruleRuns],
  );

  // Fields a lookup's pick fills (LookupSpec.fill), applied over the values shown; names not of the
  // form (lines) are ignored here. Set during render, as a new serverErrors prop is above.
  const [filled, setFilled] = useState<Record<string, unknown> | null>(null);
  const [filledLines, setFilledLines] = useState<Record<string, { lines: Line[] }>>({});
  if (filled) {
    setFilled(null);
    const childLines = Object.entries(filled).filter(
      ([n, v]) => Object.hasOwn(definition.children ?? {}, n) && Array.isArray(v),
    );
    if (childLines.length > 0)
      setFilledLines((f) => ({
        ...f,
        ...Object.fromEntries(childLines.map(([n, v]) => [n, { lines: v as Line[] }])),
      }));
    const given = Object.fromEntries(Object.entries(filled).filter(([n]) => names.includes(n)));
    if (Object.keys(given).length > 0) {
      const next = withComputed(rules, { ...shown, ...given }, lines.data, names, ruleRuns);
      setEditedSinceServer((s) => new Set([...s, ...Object.keys(given)]));
      setHanded({ values: { ...next } });
      setFormData({ values: next, lines: lines.data });
    }
  }

  // the server's figures (an invoice's promotions) shown over the form's own (usePreview.ts); a new
  // record numbered on create shows the number its save would take (a Preview spends none)
  const numbersOnSave =
    (props.values?.id === undefined || props.values?.id === null) && definition.numbering?.on === 'create';
  const previewClient = useMemo(
    () =>
      (definition.serverComputed || numbersOnSave) && !readOnly
        ? clientFor?.(`${definition.module}.${definition.name}`)
        : undefined,
    [definition, readOnly, clientFor, numbersOnSave],
  );
  const serverFields = useMemo(() => previewFields(definition), [definition]);
  const previewInput = useMemo(
    () => (previewClient ? { ...pickValues(shown, names), ...lines.data } : null),
    [previewClient, shown, names, lines.data],
  );
  const stored = props.values;
  const storedRow = useMemo(
    () =>
      typeof stored?.id === 'number' && typeof stored.version === 'number'
        ? { id: stored.id, version: stored.version }
        : undefined,
    [stored],
  );
  const figures = usePreview(previewClient, serverFields, previewInput, storedRow);
  const display = useMemo(() => (figures ? { ...shown, ...figures } : shown), [shown, figures]);

  const dirty = !sameValues(shown, baseline, names) || lines.dirty;
  const dirtyRef = useRef(dirty);
  useEffect(() => {
    if (dirtyRef.current !== dirty) onDirtyChange?.(dirty);
    dirtyRef.current = dirty;
  }, [dirty, onDirtyChange]);

  // A new serverErrors prop is a new answer: show all its messages again.
  const [seenServerErrors, setSeenServerErrors] = useState(props.serverErrors);
  if (seenServerErrors !== props.serverErrors) {
    setSeenServerErrors(props.serverErrors);
    setOwnServerErrors(null);
    setEditedSinceServer(new Set());
  }

  // Conditional states: schema and uiSchema rebuilt only when a state changes.
  const ruleData = useMemo(() => ({ ...shown, ...lines.data }), [shown, lines.data]);
  const states = rules?.conditions ? safeFieldStates(rules, ruleData, ruleRuns) : {};
  const key = statesKey(states);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on the states' content
  const applied = useMemo(() => applyFieldStates(baseSchema, baseUi, states), [baseSchema, baseUi, key]);
  const schema: RJSFSchema = applied.schema;
  const validator = useMemo(() => recordValidator(record, schema), [record, schema]);
  const uiSchema: UiSchema = applied.uiSchema;

  const broken = useMemo(
    () => (submitted ? safeBrokenRules(rules, ruleData, ruleRuns) : []),
    [submitted, rules, ruleData, ruleRuns],
  );
  const violations = useMemo(
    () => (submitted ? violationMessages(broken, names, lang) : null),
    [submitted, broken, names, lang],
  );
  // Cells a broken document rule blames (e.g. the balancing line of a voucher) are marked too.
  const lineErrors = useMemo(() => {
    const blamed = blamedCells(broken, lang);
    if (blamed.length === 0) return lines.errors;
    const out: Record<string, CellErrors> = { ...lines.errors };
    for (const [name] of lines.children) {
      const cells = serverCellErrors(blamed, name, lines.keys[name] ?? []);
      if (cells.size > 0) out[name] = mergeCellErrors(out[name] ?? new Map(), cells);
    }
    return out;
  }, [broken, lang, lines.errors, lines.children, lines.keys]);

  const extraErrors = useMemo(() => {
    const messages = (ownServerErrors ?? props.serverErrors ?? [])
      .filter((m) => !editedSinceServer.has(m.FieldName))
      .map((m) => ({ ...m, Message: messageText(m, t) }));
    return mergeFieldErrors(serverErrorSchema(messages, names), violations?.fields ?? {});
  }, [ownServerErrors, props.serverErrors, editedSinceServer, names, t, violations]);

  const formMessages = [
    ...(violations?.form ?? []),
    ...lines.tableMessages(t, (c) => localText(c.label, lang)),
    // answers arrive with Western digits (runtime/http/pipeline.ts): shown in the language's digits
    ...businessErrors.map((m) => localDigits(m, lang)),
  ];

  useEffect(() => {
    if (readOnly) return;
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
        e.preventDefault();
        // A cell being edited in a lines grid commits when it loses focus.
        const active = document.activeElement;
        if (active instanceof HTMLElement && active.closest('[data-lines]')) active.blur();
        formRef.current?.submit();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [readOnly]);

  /** `fromWidget`: values RJSF does not hold yet (a widget set sibling fields) go over as a new object. */
  const onChange = (e: Pick<IChangeEvent<EntityValues>, 'formData'>, fromWidget = false) => {
    const reported = e.formData ?? {};
    const next = withComputed(rules, reported, lines.data, names, ruleRuns);
    const changed = names.filter(
      (n) => next[n] !== shown[n] && JSON.stringify(next[n]) !== JSON.stringify(shown[n]),
    );
    if (changed.length)
      setEditedSinceServer((s) => (changed.every((n) => s.has(n)) ? s : new Set([...s, ...changed])));
    if (!fromWidget && sameValues(next, reported, names)) {
      refill(handed.values, next);
    } else setHanded({ values: { ...next } });
    setFormData({ values: next, lines: lines.data });
  };

  const onSubmit = async (e: IChangeEvent<EntityValues>) => {
    setSubmitted(true);
    if (readOnly || saving || !onSave) return;
    const lineData = lines.takeForSave();
    const values = withComputed(rules, pickValues(e.formData, names), lineData, names);
    if (lines.blocksSave() || safeBrokenRules(rules, { ...values, ...lineData }).length > 0) return;
    setSaving(true);
    setBusinessErrors([]);
    try {
      await onSave({ ...values, ...lineData });
    } catch (err) {
      if (err instanceof ApiError && err.status === 417 && err.envelope) {
        setOwnServerErrors(err.envelope.ServerMessageTexts ?? []);
        setEditedSinceServer(new Set());
        lines.setServerMessages(err.envelope.TableMessageTexts ?? []);
        // a rule the server blames on a line is shown at that line (and listed under its grid): once
        const atLines = new Set((err.envelope.TableMessageTexts ?? []).map((m) => m.Message));
        setBusinessErrors(businessErrorsOf(err).filter((m) => !atLines.has(m)));
      }
    } finally {
      setSaving(false);
    }
  };

  // a widget that sets sibling fields (mapPoint) reads and writes through these, stable across renders
  const current = useRef({ shown, onChange });
  useLayoutEffect(() => {
    current.current = { shown, onChange };
  });
  const fieldAccess = useMemo(
    () => ({
      valueOf: (field: string) => current.current.shown[field],
      setFields: (patch: Record<string, unknown>) =>
        current.current.onChange({ formData: { ...current.current.shown, ...patch } }, true),
    }),
    [],
  );

  // the header's values as shown now, for the lines' lookups that fill from a list matching them
  const documentOf = useCallback(() => current.current.shown as Record<string, unknown>, []);

  const attachments = props.attachments ?? createAttachmentsClient;
  // picking the document's source fills its outstanding lines, linked (docs/chain.md)
  const createFrom = useMemo(() => {
    const source = definition.source;
    const own = source && !readOnly ? clientFor?.(`${definition.module}.${definition.name}`) : undefined;
    if (!source || !own?.createFrom) return undefined;
    const make = own.createFrom;
    return (field: string, id: number) => (field === source.field ? make(id).catch(() => null) : null);
  }, [definition, readOnly, clientFor]);
  const formContext = useMemo(
    () => ({
      lang,
      clientFor,
      attachmentsFor: (field: string) => attachments(definition, field),
      drafts,
      fill: setFilled,
      record: props.values,
      createFrom,
      ...fieldAccess,
    }),
    [lang, clientFor, attachments, definition, drafts, props.values, createFrom, fieldAccess],
  );

  return {
    formRef,
    schema,
    uiSchema,
    formData: sameValues(display, handed.values, names) ? handed.values : display,
    formContext,
    validator,
    extraErrors,
    liveValidate: submitted,
    readOnly,
    saving,
    dirty,
    messages: formMessages,
    lines: {
      children: lines.children,
      initial: lines.initial,
      errors: lineErrors,
      onGridChange: lines.onGridChange,
      filled: filledLines,
      documentOf,
    },
    onChange,
    onSubmit: (e: IChangeEvent<EntityValues>) => void onSubmit(e),
    onError: () => setSubmitted(true),
    flushDrafts: () => drafts.flush(),
    transformErrors: (errors: RJSFValidationError[]) => localiseErrors(errors, t),
  };
}
