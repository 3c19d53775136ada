/** Time of day (kind time): typed as HH:MM in any digits, stored as HH:MM; other text kept for validation. */
import { Input } from '@fluentui/react-components';
import type { WidgetProps } from '@rjsf/utils';
import { parseTime, timeText } from '../../../runtime/shared/fieldKinds/dateTimeText';
import { localDigits } from '../../format';
import { controlProps, widgetLang } from './context';
import { useDraft } from './draft';
import { useTypedText } from './useTypedText';

export function TimeWidget(props: WidgetProps) {
  const lang = widgetLang(props);
  const draft = useDraft<unknown>(props);
  const [text, onText] = useTypedText<unknown>(
    draft.value,
    (v) => (typeof v === 'string' ? localDigits(timeText(v), lang) : ''),
    (t) => (t.trim() === '' ? undefined : (parseTime(t) ?? t)),
  );
  return (
    <Input
      {...controlProps(props)}
      dir="ltr"
      inputMode="numeric"
      placeholder={localDigits('09:30', lang)}
      value={text}
      onChange={(_, data) => draft.onChange(onText(data.value))}
    />
  );
}
