import { Textarea } from '@fluentui/react-components';
import type { WidgetProps } from '@rjsf/utils';
import { controlProps, shownDigits } from './context';
import { useDraft } from './draft';

export function TextareaWidget(props: WidgetProps) {
  const draft = useDraft<unknown>(props);
  const value = typeof draft.value === 'string' ? draft.value : '';
  const rows = typeof props.options.rows === 'number' ? props.options.rows : 3;
  // autoGrow: as tall as its text, every line of it shown (an amount in words is never cut)
  const autoGrow = props.options.autoGrow === true;
  return (
    <Textarea
      {...controlProps(props)}
      value={shownDigits(props, value)}
      rows={rows}
      resize={autoGrow ? 'none' : 'vertical'}
      textarea={
        autoGrow ? { style: { fieldSizing: 'content', height: 'auto', maxHeight: 'none' } } : undefined
      }
      placeholder={props.placeholder}
      onChange={(_, data) => draft.onChange(data.value === '' ? props.options.emptyValue : data.value)}
    />
  );
}
