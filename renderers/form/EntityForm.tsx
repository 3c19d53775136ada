/**
 * The generic entity form, the view: RJSF over definition.schema with Fluent templates and the
 * widget registry, a lines grid per child table (definition.children), the form's messages and its
 * buttons. The state and the actions (values, rules, validation, dirtiness, saving, Ctrl+S) are the
 * controller's, useEntityForm.ts. Validation is live after the first submit; server field, cell and
 * business messages are shown inline; what the user typed is never lost.
 */
import { Button, makeStyles, MessageBar, MessageBarBody, Spinner } from '@fluentui/react-components';
import Form from '@rjsf/core';
import { Fragment, useCallback, useMemo, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { EntityValues } from '../../runtime/entity/types';
import type { LayoutView } from '../../runtime/shared/layout';
import { LinesGrid } from './lines/LinesGrid';
import { LinesImport } from './lines/LinesImport';
import { formFields } from './fields';
import { formTemplates } from './templates';
import type { FormValidators } from './precompiled';
import { useEntityForm, useFormValidators, type EntityFormOptions } from './useEntityForm';
import { widgetRegistry } from './widgets/registry';

/** The controller's options (useEntityForm.ts), with Cancel; validators are loaded when absent. */
export interface EntityFormProps extends Omit<EntityFormOptions, 'validators'> {
  onCancel?: () => void;
  /** Precompiled validators; when absent they are imported from definition.validators. */
  validators?: FormValidators;
  /** Further buttons of the action bar, before Save (e.g. a document's Finalise). */
  extraActions?: ReactNode;
}

const useStyles = makeStyles({
  // a column, so a document's summary (summary.ts) can sit between its lines and the messages
  form: { display: 'flex', flexDirection: 'column' },
  after: { order: 2 },
  // wraps on a phone: a document's lifecycle buttons join Save and Cancel
  actions: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: '8px',
    justifyContent: 'flex-end',
    marginTop: '20px',
    order: 2,
  },
  list: { margin: 0, paddingInlineStart: '16px' },
});

/** Loads the definition's precompiled validators (server modules), then shows the form. */
export function EntityForm(props: EntityFormProps) {
  const { t } = useTranslation();
  const { validators, failed } = useFormValidators(props.definition, props.validators);
  if (validators) return <EntityFormBody {...props} validators={validators} />;
  if (failed)
    return (
      <MessageBar intent="error" role="alert">
        <MessageBarBody>{t('form.validatorsUnavailable')}</MessageBarBody>
      </MessageBar>
    );
  return <Spinner size="small" aria-label={t('form.loading')} />;
}

function EntityFormBody(props: EntityFormProps & { validators: FormValidators }) {
  const { lang, readOnly = false, onCancel, clientFor, editableOnly, extraActions } = props;
  const { t } = useTranslation();
  const styles = useStyles();
  const { formRef, ...form } = useEntityForm(props);
  // a child table the layout places is drawn into its slot (templates/LayoutTemplate.tsx)
  const [slots, setSlots] = useState<Record<string, HTMLElement>>({});
  const linesSlot = useCallback((name: string, element: HTMLElement | null) => {
    setSlots((s) => {
      if ((s[name] ?? null) === element) return s;
      const next = { ...s };
      if (element) next[name] = element;
      else delete next[name];
      return next;
    });
  }, []);
  const lineErrors = form.lines.errors;
  const linesWithErrors = useMemo(
    () => Object.keys(lineErrors).filter((n) => (lineErrors[n]?.size ?? 0) > 0),
    [lineErrors],
  );
  const view = form.uiSchema['ui:layout'] as LayoutView | undefined;
  const placed = useMemo(
    () => new Set(view ? form.lines.children.map(([n]) => n).filter((n) => !view.restLines.includes(n)) : []),
    [view, form.lines.children],
  );
  const errorsKey = linesWithErrors.join(',');
  const formContext = useMemo(
    () => ({ ...form.formContext, linesSlot, linesWithErrors: errorsKey ? errorsKey.split(',') : [] }),
    // errorsKey stands for linesWithErrors: the context changes only when the tables with errors do
    [form.formContext, linesSlot, errorsKey],
  );

  return (
    // A submit (button, Enter, Ctrl+S) first hands the form every change still in a transition, in
    // the submit's own event, so RJSF validates and saves them with it (widgets/draft.ts).
    <div style={{ display: 'contents' }} onSubmitCapture={form.flushDrafts}>
      <Form<EntityValues>
        ref={formRef}
        className={styles.form}
        schema={form.schema}
        uiSchema={form.uiSchema}
        formData={form.formData}
        formContext={formContext}
        validator={form.validator}
        widgets={widgetRegistry}
        fields={formFields}
        templates={formTemplates}
        transformErrors={form.transformErrors}
        extraErrors={form.extraErrors}
        liveValidate={form.liveValidate ? 'onChange' : false}
        showErrorList={false}
        noHtml5Validate
        readonly={readOnly}
        onChange={form.onChange}
        onError={form.onError}
        onSubmit={form.onSubmit}
      >
        {form.lines.children.map(([name, child]) => {
          const slot = slots[name];
          const grid = (
            <Fragment key={name}>
              {child.import && !readOnly && (editableOnly === undefined || editableOnly.includes(name)) && (
                <LinesImport
                  definition={props.definition}
                  name={name}
                  onLines={(lines) => form.formContext.fill({ [name]: lines })}
                />
              )}
              <LinesGrid
                name={name}
                child={child}
                lang={lang}
                readOnly={readOnly || (editableOnly !== undefined && !editableOnly.includes(name))}
                initial={form.lines.initial[name] ?? []}
                errors={form.lines.errors[name]!}
                onChange={form.lines.onGridChange}
                clientFor={clientFor}
                filled={form.lines.filled[name]}
                documentOf={form.lines.documentOf}
              />
            </Fragment>
          );
          if (slot) return createPortal(grid, slot, name);
          // placed by the layout: drawn once its slot is there (a grid is not mounted twice)
          return placed.has(name) ? null : grid;
        })}
        {form.messages.length > 0 && (
          <MessageBar intent="error" role="alert" style={{ marginTop: '12px' }} className={styles.after}>
            <MessageBarBody>
              <ul className={styles.list}>
                {form.messages.map((m, i) => (
                  <li key={i}>{m}</li>
                ))}
              </ul>
            </MessageBarBody>
          </MessageBar>
        )}
        <div className={styles.actions} data-form-actions="">
          {extraActions}
          {!readOnly && (
            <Button appearance="primary" type="submit" disabled={form.saving}>
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
