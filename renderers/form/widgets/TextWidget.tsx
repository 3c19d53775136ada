/** Plain text: sent as typed (the pipeline normalises digits/letters on the way out). */
import { Input } from '@fluentui/react-components';
import type { WidgetProps } from '@rjsf/utils';
import { controlProps, shownDigits } from './context';
import { useDraft } from './draft';

export function TextWidget(props: WidgetProps) {
  const draft = useDraft<unknown>(props);
  const value =
    typeof draft.value === 'string' ? draft.value : draft.value == null ? '' : String(draft.value);
  // a read-only value the definition names (a setting's key) shows its name
  const labels = (props.options.labels ?? {}) as Record<string, string>;
  const named = props.readonly || props.disabled ? labels[value] : undefined;
  return (
    <Input
      {...controlProps(props)}
      value={named ?? shownDigits(props, value)}
      placeholder={props.placeholder}
      onChange={(_, data) => draft.onChange(data.value === '' ? props.options.emptyValue : data.value)}
    />
  );
}
