/** ui:widget "reportEntity": choice of an entity the user may report on (Report/Entities). */
import { Select } from '@fluentui/react-components';
import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportEntity } from '../../../runtime/shared/reports';
import { reportEntities } from '../../../runtime/report/reportClient';
import { setReportEntity } from '../../../runtime/report/reportForm';
import { controlProps } from './context';

export function useReportEntities(): ReportEntity[] {
  const [list, setList] = useState<ReportEntity[]>([]);
  useEffect(() => {
    let alive = true;
    reportEntities().then(
      (l) => alive && setList(l),
      () => undefined, // the pipeline has shown the error
    );
    return () => {
      alive = false;
    };
  }, []);
  return list;
}

export function ReportEntityWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const list = useReportEntities();
  const value = typeof props.value === 'string' ? props.value : '';
  useEffect(() => setReportEntity(value), [value]);
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
          {e.title}
        </option>
      ))}
    </Select>
  );
}
