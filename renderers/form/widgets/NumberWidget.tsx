/**
 * number/integer: accepts Persian, Arabic and Western digits and stores a number. Text that is not
 * a number is stored as typed so validation reports it (and the user's text is kept). A
 * `ui:options.suffix` (a percent field's ٪) is shown after the input.
 */
import { Input } from '@fluentui/react-components';
import type { WidgetProps } from '@rjsf/utils';
import { formatNumber, localDigits, parseNumberInput } from '../../format';
import { controlProps, widgetLang } from './context';
import { useDraft } from './draft';
import { useTypedText } from './useTypedText';

export function parseTypedNumber(text: string): number | string | undefined {
  const n = parseNumberInput(text);
  return n !== undefined && Number.isNaN(n) ? text : n;
}

export function NumberWidget(props: WidgetProps) {
  const lang = widgetLang(props);
  const draft = useDraft<unknown>(props);
  const [text, onText] = useTypedText<unknown>(
    draft.value,
    (v) =>
      typeof v === 'number' ? formatNumber(v, lang) : typeof v === 'string' ? localDigits(v, lang) : '',
    parseTypedNumber,
  );
  return (
    <Input
      {...controlProps(props)}
      inputMode="decimal"
      dir="ltr"
      value={text}
      contentAfter={typeof props.options.suffix === 'string' ? props.options.suffix : undefined}
      onChange={(_, data) => draft.onChange(onText(data.value))}
    />
  );
}
