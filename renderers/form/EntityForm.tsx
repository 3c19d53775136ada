/**
 * The generic entity form: RJSF over definition.schema with Fluent templates and the widget
 * registry, plus a lines grid per child table (definition.children) and the definition's rules
 * (computed fields, cross-field rules, conditional states; runtime/shared/rules.ts). Validation is
 * live after the first submit; server field, cell and business messages (a 417 ApiError from
 * onSave, or the serverErrors prop) are shown inline; Ctrl+S saves; what the user typed is never
 * lost.
 */
import { Button, makeStyles, MessageBar, MessageBarBody, Spinner } from '@fluentui/react-components';
import Form from '@rjsf/core';
import type { IChangeEvent } from '@rjsf/core';
import { getDefaultFormState, type RJSFSchema, type UiSchema } from '@rjsf/utils';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EntityClient, EntityValues } from '../../runtime/entity/types';
import { ApiError } from '../../runtime/http/ApiError';
import { createAttachmentsClient, type AttachmentsClientFactory } from '../../runtime/entity/attachments';
import { localText, type EntityDefinition, type Lang } from '../../runtime/shared/definition';
import { messageText, type ServerMessage } from '../../runtime/shared/envelope';
import { RuleRuns } from '../../runtime/shared/ruleRuns';
import { LinesGrid } from './lines/LinesGrid';
import { mergeCellErrors, serverCellErrors, type CellErrors } from './lines/lines';
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
import { formFields } from './fields';
import { buildFormSchema, buildUiSchema, formFieldNames } from './schema';
import { formTemplates } from './templates';
import { initialLineData, useLines } from './useLines';
import { loadedValidators, loadValidators, recordValidator, type FormValidators } from './precompiled';
import { localiseErrors } from './validator';
import { pickValues, sameValues, serverErrorSchema } from './values';
import { Drafts } from './widgets/draft';
import { widgetRegistry } from './widgets/registry';

export interface EntityFormProps {
  definition: EntityDefinition;
  lang: Lang;
  /** Values to start from (the row when editing, lines under their table names). */
  values?: EntityValues;
  readOnly?: boolean;
  /** Field messages from the server, shown inline under their fields. */
  serverErrors?: ServerMessage[];
  /** Saves the values; a rejection with ApiError 417 puts its messages inline. */
  onSave?: (values: EntityValues) => Promise<unknown>;
  onCancel?: () => void;
  /** Told whenever the form becomes dirty or clean (for the unsaved-changes guard). */
  onDirtyChange?: (dirty: boolean) => void;
  /** Client of another entity ('module.name'): lookups search and show it through this. */
  clientFor?: (entityKey: string) => EntityClient;
  /** Precompiled validators; when absent they are imported from definition.validators. */
  validators?: FormValidators;
  /** Clients of attachments fields (default: the server's Attachments API over the pipeline). */
  attachments?: AttachmentsClientFactory;
}

const useStyles = makeStyles({
  actions: { display: 'flex', gap: '8px', justifyContent: 'flex-end', marginTop: '20px' },
  list: { margin: 0, paddingInlineStart: '16px' },
});

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

/** Loads the definition's precompiled validators (server modules), then shows the form. */
export function EntityForm(props: EntityFormProps) {
  const { definition } = props;
  const { t } = useTranslation();
  const [state, setState] = useState<{ of: EntityDefinition; v: FormValidators | null; failed: boolean }>(
    () => ({ of: definition, v: props.validators ?? loadedValidators(definition), failed: false }),
  );
  const current = state.of === definition ? state : null;
  const validators = props.validators ?? current?.v ?? loadedValidators(definition);
  useEffect(() => {
    if (validators) return;
    let live = true;
    loadValidators(definition).then(
      (v) => live && setState({ of: definition, v, failed: false }),
      () => live && setState({ of: definition, v: null, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [definition, validators]);
  if (validators) return <EntityFormBody {...props} validators={validators} />;
  if (current?.failed)
    return (
      <MessageBar intent="error" role="alert">
        <MessageBarBody>{t('form.validatorsUnavailable')}</MessageBarBody>
      </MessageBar>
    );
  return <Spinner size="small" aria-label={t('form.loading')} />;
}

function EntityFormBody(props: EntityFormProps & { validators: FormValidators }) {
  const { definition, lang, readOnly = false, onSave, onCancel, onDirtyChange, clientFor } = props;
  const record = props.validators.record;
  const { t } = useTranslation();
  const styles = useStyles();
  const formRef = useRef<Form<EntityValues>>(null);
  const rules = definition.rules;
  const names = useMemo(() => formFieldNames(definition), [definition]);
  const baseSchema = useMemo(() => buildFormSchema(definition, lang), [definition, lang]);
  const baseUi = useMemo(() => {
    const ui = buildUiSchema(definition, lang, readOnly);
    // Computed fields are never typed into.
    for (const f of Object.keys(rules?.computed ?? {}))
      if (names.includes(f)) ui[f] = { ...(ui[f] as object), 'ui:readonly': true };
    return ui;
  }, [definition, lang, readOnly, rules, names]);
  const [baseline] = useState(() => {
    const start = getDefaultFormState(
      recordValidator(record, baseSchema),
      baseSchema as RJSFSchema,
      pickValues(props.values, names),
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
    ...businessErrors,
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

  const onChange = (e: IChangeEvent<EntityValues>) => {
    const reported = e.formData ?? {};
    const next = withComputed(rules, reported, lines.data, names, ruleRuns);
    const changed = names.filter(
      (n) => next[n] !== shown[n] && JSON.stringify(next[n]) !== JSON.stringify(shown[n]),
    );
    if (changed.length)
      setEditedSinceServer((s) => (changed.every((n) => s.has(n)) ? s : new Set([...s, ...changed])));
    if (sameValues(next, reported, names)) {
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
        setBusinessErrors(businessErrorsOf(err));
      }
    } finally {
      setSaving(false);
    }
  };

  const attachments = props.attachments ?? createAttachmentsClient;
  const formContext = useMemo(
    () => ({
      lang,
      clientFor,
      attachmentsFor: (field: string) => attachments(definition, field),
      drafts,
    }),
    [lang, clientFor, attachments, definition, drafts],
  );

  return (
    // A submit (button, Enter, Ctrl+S) first hands the form every change still in a transition, in
    // the submit's own event, so RJSF validates and saves them with it (widgets/draft.ts).
    <div style={{ display: 'contents' }} onSubmitCapture={() => drafts.flush()}>
      <Form<EntityValues>
        ref={formRef}
        schema={schema}
        uiSchema={uiSchema}
        formData={sameValues(shown, handed.values, names) ? handed.values : shown}
        formContext={formContext}
        validator={validator}
        widgets={widgetRegistry}
        fields={formFields}
        templates={formTemplates}
        transformErrors={(errors) => localiseErrors(errors, t)}
        extraErrors={extraErrors}
        liveValidate={submitted ? 'onChange' : false}
        showErrorList={false}
        noHtml5Validate
        readonly={readOnly}
        onChange={onChange}
        onError={() => setSubmitted(true)}
        onSubmit={(e) => void onSubmit(e)}
      >
        {lines.children.map(([name, child]) => (
          <LinesGrid
            key={name}
            name={name}
            child={child}
            lang={lang}
            readOnly={readOnly}
            initial={lines.initial[name] ?? []}
            errors={lineErrors[name]!}
            onChange={lines.onGridChange}
            clientFor={clientFor}
          />
        ))}
        {formMessages.length > 0 && (
          <MessageBar intent="error" role="alert" style={{ marginTop: '12px' }}>
            <MessageBarBody>
              <ul className={styles.list}>
                {formMessages.map((m, i) => (
                  <li key={i}>{m}</li>
                ))}
              </ul>
            </MessageBarBody>
          </MessageBar>
        )}
        <div className={styles.actions}>
          {!readOnly && (
            <Button appearance="primary" type="submit" disabled={saving}>
              {t('form.save')}
            </Button>
          )}
          {onCancel && (
            <Button appearance="secondary" type="button" onClick={onCancel}>
              {readOnly ? t('form.close') : t('form.cancel')}
            </Button>
          )}
        </div>
      </Form>
    </div>
  );
}
