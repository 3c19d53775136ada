/**
 * An audit entry's change (management.auditLog `changes`) in its form: a before/after table with
 * the audited entity's field labels and display values, never the stored JSON. The entity is read
 * from the record's field named by `ui:options.entityField` (default `entityKey`).
 */
import type { WidgetProps } from '@rjsf/utils';
import { AuditDiffTable } from '../../history/AuditDiff';
import { widgetLang, widgetRecord } from './context';

export function AuditDiffWidget(props: WidgetProps) {
  const entityField = typeof props.options.entityField === 'string' ? props.options.entityField : 'entityKey';
  return (
    <div id={props.id}>
      <AuditDiffTable
        entityKey={widgetRecord(props)?.[entityField]}
        changes={props.value}
        lang={widgetLang(props)}
      />
    </div>
  );
}
