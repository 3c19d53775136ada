/**
 * The lifecycle in the form modal (issue #23): the document's state as a coloured tag in the
 * header (the same colours as the grid's cells, FieldMeta.enumColors), a note under it (final:
 * read-only; cancelled: the reason; an amendment: a link to the document it replaces) and the
 * Finalise / Cancel / Amend buttons of the form's action bar (lifecycle.ts says which).
 */
import { Badge, Button, Link, makeStyles, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import {
  lookupDisplayKey,
  type EntityDefinition,
  type EntityRow,
  type Lang,
} from '../../runtime/shared/definition';
import { fieldColor, fieldText } from '../../runtime/shared/fieldKind';
import { AMENDED_FROM_FIELD, CANCEL_REASON_FIELD, DOC_STATE_FIELD } from '../../runtime/shared/lifecycle';
import { localDigits } from '../format';
import { docStateOf, type LifecycleAction } from './lifecycle';

const useStyles = makeStyles({
  note: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: '4px 12px',
    marginBottom: '12px',
    color: tokens.colorNeutralForeground2,
  },
  tag: { marginInlineStart: '8px', verticalAlign: 'middle' },
});

/** A field's value as a coloured Fluent Badge (tint) when the definition colours it, else nothing. */
export function FieldTag({
  definition,
  field,
  value,
  lang,
}: {
  definition: EntityDefinition;
  field: string;
  value: unknown;
  lang: Lang;
}) {
  const styles = useStyles();
  const color = fieldColor(definition, field, value);
  if (!color) return null;
  return (
    <Badge appearance="tint" color={color} className={styles.tag} data-color={color} data-state-tag="">
      {fieldText(definition, field, value, lang)}
    </Badge>
  );
}

/** The document's state tag for the form's title (nothing without lifecycle or for a new record). */
export function StateTag({
  definition,
  row,
  lang,
}: {
  definition: EntityDefinition;
  row?: EntityRow;
  lang: Lang;
}) {
  const state = docStateOf(definition, row);
  if (!state || typeof row?.id !== 'number') return null;
  return <FieldTag definition={definition} field={DOC_STATE_FIELD} value={state} lang={lang} />;
}

/** Under the title: why the form is read-only, the cancel's reason, the document this one amends. */
export function LifecycleNote({
  definition,
  row,
  lang,
  onOpenRecord,
}: {
  definition: EntityDefinition;
  row?: EntityRow;
  lang: Lang;
  onOpenRecord?: (id: number) => void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const state = docStateOf(definition, row);
  if (!state || !row) return null;
  const reason = row[CANCEL_REASON_FIELD];
  const from = row[AMENDED_FROM_FIELD];
  const fromText = () => {
    const shown = row[lookupDisplayKey(AMENDED_FROM_FIELD)];
    return typeof shown === 'string' && shown !== ''
      ? localDigits(shown, lang)
      : localDigits(String(from), lang);
  };
  const parts = [
    state === 'final' && (
      <Text key="final">
        {t(
          definition.lifecycle?.editableWhenFinal?.length ? 'lifecycle.finalSomeNote' : 'lifecycle.finalNote',
        )}
      </Text>
    ),
    state === 'cancelled' && (
      <Text key="cancelled" data-cancel-reason="">
        {typeof reason === 'string' && reason !== ''
          ? t('lifecycle.cancelReasonShown', { reason })
          : t('lifecycle.cancelledNote')}
      </Text>
    ),
    typeof from === 'number' && (
      <Text key="from">
        {onOpenRecord ? (
          <Link data-amended-from={from} onClick={() => onOpenRecord(from)}>
            {t('lifecycle.amendedFrom', { name: fromText() })}
          </Link>
        ) : (
          t('lifecycle.amendedFrom', { name: fromText() })
        )}
      </Text>
    ),
  ].filter(Boolean);
  if (parts.length === 0) return null;
  return (
    <div className={styles.note} data-lifecycle-note="">
      {parts}
    </div>
  );
}

/** The lifecycle buttons of the form's action bar; disabled while the form holds unsaved changes. */
export function LifecycleButtons({
  actions,
  dirty,
  onAction,
}: {
  actions: LifecycleAction[];
  dirty: boolean;
  onAction: (action: LifecycleAction) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {actions.map((action) => (
        <Button
          key={action}
          type="button"
          appearance="secondary"
          data-lifecycle={action}
          disabled={dirty}
          title={dirty ? t('lifecycle.saveFirst') : undefined}
          onClick={() => onAction(action)}
        >
          {t(`lifecycle.${action}`)}
        </Button>
      ))}
    </>
  );
}
