/**
 * ui:widget "reportField": a field of the entity chosen by the form's "reportEntity" widget;
 * ui:options.kinds limits the choice (e.g. ["number"] for a sum, ["date"] for a date range).
 */
import { Select } from '@fluentui/react-components';
import type { WidgetProps } from '@rjsf/utils';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { reportFormStore } from '../../../runtime/report/reportForm';
import { localDigits } from '../../format';
import { controlProps, widgetLang } from './context';
import { useReportEntities } from './ReportEntityWidget';

export function ReportFieldWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const entity = useSyncExternalStore(reportFormStore.subscribe, () => reportFormStore.getState().entity);
  const { list, loading } = useReportEntities();
  const kinds = Array.isArray(props.options.kinds) ? (props.options.kinds as string[]) : null;
  const fields = (list.find((e) => e.key === entity)?.fields ?? []).filter(
    (f) => !kinds || kinds.includes(f.kind),
  );
  const value = typeof props.value === 'string' ? props.value : '';
  const lang = widgetLang(props);
  return (
    <Select
      {...controlProps(props)}
      value={value}
      onChange={(_, data) => props.onChange(data.value === '' ? undefined : data.value)}
    >
      <option value="">{entity ? t('report.fieldPlaceholder') : t('report.chooseEntityFirst')}</option>
      {value && !fields.some((f) => f.name === value) && (
        <option value={value}>{loading ? t('app.loading') : value}</option>
      )}
      {fields.map((f) => (
        <option key={f.name} value={f.name}>
          {/* the answer's digits are Western (the pipeline's normalisation): shown in the language's */}
          {localDigits(f.label, lang)}
        </option>
      ))}
    </Select>
  );
}
