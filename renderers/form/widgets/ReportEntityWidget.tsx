/** ui:widget "reportEntity": choice of an entity the user may report on (Report/Entities). */
import { Select } from '@fluentui/react-components';
import type { WidgetProps } from '@rjsf/utils';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportEntity } from '../../../runtime/shared/reports';
import { reportEntities } from '../../../runtime/report/reportClient';
import { setReportEntity } from '../../../runtime/report/reportForm';
import { localDigits } from '../../format';
import { controlProps, widgetLang } from './context';
import { useLoad } from '../../hooks/useLoad';

const NONE: ReportEntity[] = [];

export function useReportEntities(): ReportEntity[] {
  // a failure leaves the list empty: the pipeline has shown the error
  return useLoad(reportEntities, []).data ?? NONE;
}

export function ReportEntityWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const list = useReportEntities();
  const value = typeof props.value === 'string' ? props.value : '';
  useEffect(() => setReportEntity(value), [value]);
  const lang = widgetLang(props);
  return (
    <Select
      {...controlProps(props)}
      value={value}
      onChange={(_, data) => props.onChange(data.value === '' ? undefined : data.value)}
    >
      <option value="">{t('report.entityPlaceholder')}</option>
      {value && !list.some((e) => e.key === value) && <option value={value}>{value}</option>}
      {list.map((e) => (
        <option key={e.key} value={e.key}>
          {localDigits(e.title, lang)}
        </option>
      ))}
    </Select>
  );
}
