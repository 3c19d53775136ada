/**
 * Multi-select (kind multiEnum): a checkbox per option (ui:options.choices, from enumLabels by
 * buildUiSchema); the value lists the checked options comma-separated in the options' order.
 */
import { Checkbox } from '@fluentui/react-components';
import type { WidgetProps } from '@rjsf/utils';
import { multiEnumValues } from '../../../runtime/shared/fieldKinds/multiEnum';

interface Choice {
  value: string;
  label: string;
}

export function MultiSelectWidget(props: WidgetProps) {
  const choices = (props.options.choices ?? []) as Choice[];
  const chosen = new Set(multiEnumValues(props.value));
  const locked = props.disabled || props.readonly;
  const toggle = (value: string, on: boolean) => {
    const next = choices.map((c) => c.value).filter((v) => (v === value ? on : chosen.has(v)));
    props.onChange(next.length ? next.join(',') : undefined);
  };
  return (
    <div id={props.id} role="group" aria-label={props.label}>
      {choices.map((c, i) => (
        // own ids: the surrounding Field would label every box with the field's label
        <Checkbox
          key={c.value}
          id={`${props.id}-${i}`}
          aria-labelledby={`${props.id}-${i}-label`}
          label={{ children: c.label, id: `${props.id}-${i}-label` }}
          checked={chosen.has(c.value)}
          disabled={locked}
          onChange={(_, data) => toggle(c.value, data.checked === true)}
        />
      ))}
    </div>
  );
}
