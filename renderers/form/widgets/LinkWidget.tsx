/**
 * A read-only link (e.g. a delivery's route on the map, computed by the definition's rules): the
 * stored value is a same-origin path; shown as a link, never as an editable text.
 */
import { Link, Text } from '@fluentui/react-components';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';

export function LinkWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const href = typeof props.value === 'string' ? props.value : '';
  // only same-origin paths: a definition cannot make the form open another site or a script URL
  if (!href.startsWith('/') || href.startsWith('//')) return <Text id={props.id}>{t('widgets.noLink')}</Text>;
  return (
    <Link id={props.id} href={href} target="_blank" rel="noopener">
      {t('widgets.link')}
    </Link>
  );
}
