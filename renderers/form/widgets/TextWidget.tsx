/** Plain text: sent as typed (the pipeline normalises digits/letters on the way out). */
import { Input } from '@fluentui/react-components';
import type { WidgetProps } from '@rjsf/utils';
import { useState } from 'react';
import { controlProps, shownDigits } from './context';
import { useDraft } from './draft';

export function TextWidget(props: WidgetProps) {
  const draft = useDraft<unknown>(props);
  const value =
    typeof draft.value === 'string' ? draft.value : draft.value == null ? '' : String(draft.value);
  // a value the definition names (a setting's key) shows its name; an editable one shows the
  // value itself while the user is in the field, to change it
  const [editing, setEditing] = useState(false);
  const labels = (props.options.labels ?? {}) as Record<string, string>;
  const named = editing && !(props.readonly || props.disabled) ? undefined : labels[value];
  const control = controlProps(props);
  return (
    <Input
      {...control}
      onFocus={() => {
        setEditing(true);
        control.onFocus();
      }}
      onBlur={() => {
        setEditing(false);
        control.onBlur();
      }}
      value={named ?? shownDigits(props, value)}
      placeholder={props.placeholder}
      onChange={(_, data) => draft.onChange(data.value === '' ? props.options.emptyValue : data.value)}
    />
  );
}
