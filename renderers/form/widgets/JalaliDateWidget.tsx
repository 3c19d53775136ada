/**
 * Date typed and shown as Jalali yyyy/mm/dd (Persian, Arabic or Western digits), stored as ISO
 * Gregorian yyyy-mm-dd. Incomplete or impossible dates are stored as typed so the `date` format
 * check reports them and the text stays.
 */
import { Input } from '@fluentui/react-components';
import type { WidgetProps } from '@rjsf/utils';
import { isoToJalali, jalaliToIso } from '../../../runtime/shared/jalali';
import { localDigits } from '../../format';
import { controlProps, widgetLang } from './context';
import { useTypedText } from './useTypedText';

export function parseJalaliInput(text: string): string | undefined {
  if (text.trim() === '') return undefined;
  return jalaliToIso(text) ?? text;
}

export function JalaliDateWidget(props: WidgetProps) {
  const lang = widgetLang(props);
  const format = (v: unknown): string => {
    if (typeof v !== 'string') return '';
    const jalali = isoToJalali(v);
    return jalali ? localDigits(jalali, lang) : v;
  };
  const [text, onText] = useTypedText<unknown>(props.value, format, parseJalaliInput);
  return (
    <Input
      {...controlProps(props)}
      dir="ltr"
      placeholder={localDigits('1400/01/01', lang)}
      value={text}
      onChange={(_, data) => props.onChange(onText(data.value))}
    />
  );
}
