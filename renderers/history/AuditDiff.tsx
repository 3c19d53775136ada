/**
 * A stored audit change (management.auditLog `changes`) as a person reads it in the form: a
 * before/after table (the grid's one-line cell: renderers/grid/cellViews.ts), with the field labels and display values of the audited
 * entity's definition (loaded and cached like any screen's: runtime/meta/loaders). Until the
 * definition is here, and for an entity the user may not open, fields show as stored.
 */
import { useTranslation } from 'react-i18next';
import type { Lang } from '../../runtime/shared/definition';
import type { KindSource } from '../../runtime/shared/fieldKind';
import { loadDefinition } from '../../runtime/meta/loaders';
import { useLoad } from '../hooks/useLoad';
import { DataTable } from '../table/DataTable';
import { diffRows, NO_FIELDS, parseDiff, type DiffRow } from './diffRows';

export interface AuditDiffProps {
  /** «module.name» of the audited entity. */
  entityKey: unknown;
  /** The stored diff (JSON text of field → [before, after]). */
  changes: unknown;
  lang: Lang;
}

/** The audited entity's definition («module.name»), or none while loading or when refused. */
function useAudited(entityKey: unknown): KindSource {
  const key = typeof entityKey === 'string' ? entityKey : '';
  const dot = key.indexOf('.');
  const load = useLoad(dot > 0 ? () => loadDefinition(key.slice(0, dot), key.slice(dot + 1)) : null, [key]);
  return load.data ?? NO_FIELDS;
}

function useRows({ entityKey, changes, lang }: AuditDiffProps): DiffRow[] | null {
  const source = useAudited(entityKey);
  const diff = parseDiff(changes);
  return diff ? diffRows(source, diff, lang) : null;
}

/** The change as a table: field, before, after. */
export function AuditDiffTable(props: AuditDiffProps) {
  const { t } = useTranslation();
  const rows = useRows(props);
  if (!rows) return <span>{typeof props.changes === 'string' ? props.changes : ''}</span>;
  return (
    <DataTable
      size="extra-small"
      label={t('history.title')}
      columns={[
        { id: 'field', header: t('history.field'), cell: (r) => r.label },
        { id: 'before', header: t('history.before'), cell: (r) => r.before },
        { id: 'after', header: t('history.after'), cell: (r) => r.after },
      ]}
      rows={rows}
      rowKey={(r) => r.name}
      rowProps={(r) => ({ 'data-field': r.name })}
      empty={<span>{t('history.empty')}</span>}
    />
  );
}
