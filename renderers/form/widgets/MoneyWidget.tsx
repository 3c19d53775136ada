/**
 * Rial amount: shows thousands separators in the digits of the language while typing, accepts any
 * digits, stores an integer (text that is not a number is stored as typed so validation reports it).
 */
import { Input } from '@fluentui/react-components';
import type { WidgetProps } from '@rjsf/utils';
import { formatMoney } from '../../format';
import { controlProps, widgetLang } from './context';
import { parseTypedNumber } from './NumberWidget';
import { useDraft } from './draft';
import { useTypedText } from './useTypedText';

export function MoneyWidget(props: WidgetProps) {
  const lang = widgetLang(props);
  const format = (v: unknown) =>
    typeof v === 'number' ? formatMoney(v, lang) : typeof v === 'string' ? v : '';
  const draft = useDraft<unknown>(props);
  const [text, onText] = useTypedText<unknown>(draft.value, format, parseTypedNumber);
  return (
    <Input
      {...controlProps(props)}
      inputMode="numeric"
      dir="ltr"
      value={text}
      onChange={(_, data) => {
        const parsed = onText(data.value);
        // Re-show valid amounts grouped at once; keep anything else exactly as typed.
        if (typeof parsed === 'number') onText(format(parsed));
        draft.onChange(parsed);
      }}
    />
  );
}
