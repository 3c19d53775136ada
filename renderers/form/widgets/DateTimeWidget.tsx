/**
 * Date and time (kind dateTime): shown and typed as Jalali date and HH:MM of the local time zone
 * (any digits), stored as an ISO instant; text that is not one is kept for validation to report.
 */
import { Input } from '@fluentui/react-components';
import type { WidgetProps } from '@rjsf/utils';
import { dateTimeText, parseDateTime } from '../../../runtime/shared/fieldKinds/dateTimeText';
import { localDigits } from '../../format';
import { controlProps, widgetLang } from './context';
import { useDraft } from './draft';
import { useTypedText } from './useTypedText';

export function DateTimeWidget(props: WidgetProps) {
  const lang = widgetLang(props);
  const draft = useDraft<unknown>(props);
  const [text, onText] = useTypedText<unknown>(
    draft.value,
    (v) => (typeof v === 'string' && v !== '' ? localDigits(dateTimeText(v), lang) : ''),
    (t) => (t.trim() === '' ? undefined : (parseDateTime(t) ?? t)),
  );
  return (
    <Input
      {...controlProps(props)}
      dir="ltr"
      placeholder={localDigits('1405/01/15 09:30', lang)}
      value={text}
      onChange={(_, data) => draft.onChange(onText(data.value))}
    />
  );
}
