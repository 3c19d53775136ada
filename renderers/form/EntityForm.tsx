/**
 * The generic entity form: RJSF over definition.schema with Fluent templates and the widget
 * registry. Validation is live after the first submit; server field messages (prop serverErrors or
 * a 417 ApiError from onSave) are shown inline; Ctrl+S saves; what the user typed is never lost.
 */
import { Button, makeStyles } from '@fluentui/react-components';
import Form from '@rjsf/core';
import type { IChangeEvent } from '@rjsf/core';
import { getDefaultFormState, type RJSFSchema } from '@rjsf/utils';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EntityValues } from '../../runtime/entity/types';
import { ApiError } from '../../runtime/http/ApiError';
import type { EntityDefinition, Lang } from '../../runtime/shared/definition';
import type { ServerMessage } from '../../runtime/shared/envelope';
import { buildFormSchema, buildUiSchema, formFieldNames } from './schema';
import { formTemplates } from './templates';
import { formValidator, localiseErrors } from './validator';
import { pickValues, sameValues, serverErrorSchema } from './values';
import { widgetRegistry } from './widgets/registry';

export interface EntityFormProps {
  definition: EntityDefinition;
  lang: Lang;
  /** Values to start from (the row when editing); system fields are ignored. */
  values?: EntityValues;
  readOnly?: boolean;
  /** Field messages from the server, shown inline under their fields. */
  serverErrors?: ServerMessage[];
  /** Saves the values; a rejection with ApiError 417 puts its ServerMessageTexts inline. */
  onSave?: (values: EntityValues) => Promise<unknown>;
  onCancel?: () => void;
  /** Told whenever the form becomes dirty or clean (for the unsaved-changes guard). */
  onDirtyChange?: (dirty: boolean) => void;
}

const useStyles = makeStyles({
  actions: { display: 'flex', gap: '8px', justifyContent: 'flex-end', marginTop: '20px' },
});

const TRANSLATION_KEY = /^[A-Za-z][\w-]*(\.[\w-]+)+$/;

export function EntityForm(props: EntityFormProps) {
  const { definition, lang, readOnly = false, onSave, onCancel, onDirtyChange } = props;
  const { t } = useTranslation();
  const styles = useStyles();
  const formRef = useRef<Form<EntityValues>>(null);
  const names = useMemo(() => formFieldNames(definition), [definition]);
  const schema = useMemo(() => buildFormSchema(definition, lang), [definition, lang]);
  const uiSchema = useMemo(() => buildUiSchema(definition, lang, readOnly), [definition, lang, readOnly]);
  const [baseline] = useState(
    () =>
      getDefaultFormState(
        formValidator,
        schema as RJSFSchema,
        pickValues(props.values, names),
      ) as EntityValues,
  );
  const [formData, setFormData] = useState<EntityValues>(baseline);
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [ownServerErrors, setOwnServerErrors] = useState<ServerMessage[] | null>(null);
  const [editedSinceServer, setEditedSinceServer] = useState<Set<string>>(new Set());

  const dirty = !sameValues(formData, baseline, names);
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

  const extraErrors = useMemo(() => {
    const messages = (ownServerErrors ?? props.serverErrors ?? [])
      .filter((m) => !editedSinceServer.has(m.FieldName))
      .map((m) => ({ ...m, Message: TRANSLATION_KEY.test(m.Message) ? t(m.Message) : m.Message }));
    return serverErrorSchema(messages, names);
  }, [ownServerErrors, props.serverErrors, editedSinceServer, names, t]);

  useEffect(() => {
    if (readOnly) return;
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
        e.preventDefault();
        formRef.current?.submit();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [readOnly]);

  const onChange = (e: IChangeEvent<EntityValues>) => {
    const next = e.formData ?? {};
    const changed = names.filter((n) => JSON.stringify(next[n]) !== JSON.stringify(formData[n]));
    if (changed.length) setEditedSinceServer((s) => new Set([...s, ...changed]));
    setFormData(next);
  };

  const onSubmit = async (e: IChangeEvent<EntityValues>) => {
    setSubmitted(true);
    if (readOnly || saving || !onSave) return;
    setSaving(true);
    try {
      await onSave(pickValues(e.formData, names));
    } catch (err) {
      if (err instanceof ApiError && err.status === 417 && err.envelope) {
        setOwnServerErrors(err.envelope.ServerMessageTexts ?? []);
        setEditedSinceServer(new Set());
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<EntityValues>
      ref={formRef}
      schema={schema}
      uiSchema={uiSchema}
      formData={formData}
      formContext={{ lang }}
      validator={formValidator}
      widgets={widgetRegistry}
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
  );
}
