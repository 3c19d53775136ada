/** ui:widget "reportEntity": choice of an entity the user may report on (Report/Entities). */
import { Select } from '@fluentui/react-components';
import type { WidgetProps } from '@rjsf/utils';
import { useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportEntity } from '../../../runtime/shared/reports';
import { reportEntities } from '../../../runtime/report/reportClient';
import { setReportEntity } from '../../../runtime/report/reportForm';
import { localDigits } from '../../format';
import { controlProps, widgetLang } from './context';
import { useLoad } from '../../hooks/useLoad';

const NONE: ReportEntity[] = [];

/** The entities the user may report on; `loading` until the list has come. */
export function useReportEntities(): { list: ReportEntity[]; loading: boolean } {
  const load = useLoad(reportEntities, []);
  // a failure leaves the list empty: the pipeline has shown the error
  return { list: load.data ?? NONE, loading: load.data === undefined && !load.failed };
}

export function ReportEntityWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const { list, loading } = useReportEntities();
  const value = typeof props.value === 'string' ? props.value : '';
  // before the form is painted: the field widgets list this entity's fields from their first look
  // (a stored field name would flash there otherwise)
  useLayoutEffect(() => setReportEntity(value), [value]);
  const lang = widgetLang(props);
  return (
    <Select
      {...controlProps(props)}
      value={value}
      onChange={(_, data) => props.onChange(data.value === '' ? undefined : data.value)}
    >
      <option value="">{t('report.entityPlaceholder')}</option>
      {/* a stored entity not in the list keeps its key; while the list comes, a word for it (a
          key is not for people to read, and would flash before the titles) */}
      {value && !list.some((e) => e.key === value) && (
        <option value={value}>{loading ? t('app.loading') : value}</option>
      )}
      {list.map((e) => (
        <option key={e.key} value={e.key}>
          {localDigits(e.title, lang)}
        </option>
      ))}
    </Select>
  );
}
