/**
 * The state field of a definition with a workflow block: offers the state the row was opened in
 * and the states the workflow allows next from it (ui:options.workflow, put there by buildUiSchema),
 * those whose `when` holds for the row (a received cheque is deposited, an issued one is not). A new
 * row shows the state it will start in (`initialWhen` by its values: a cheque's by its direction),
 * read-only: the server sets it. Which role may make a transition is enforced by the server (417
 * with a clear message).
 */
import { useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import type { WorkflowDefinition } from '../../../runtime/shared/definition';
import { initialState, transitionsFrom } from '../../../runtime/shared/workflow';
import { SelectWidget } from './SelectWidget';
import { widgetFields, widgetRecord } from './context';

/** Values offered from state `opened`: itself, then the targets of its transitions for `values`. */
export function nextStates(
  workflow: WorkflowDefinition,
  opened: string,
  values: Record<string, unknown> = {},
): string[] {
  const next = transitionsFrom(workflow, opened, values).map((t) => t.to);
  return [opened, ...next.filter((s, i) => s !== opened && next.indexOf(s) === i)];
}

export function WorkflowStateWidget(props: WidgetProps) {
  const workflow = props.options.workflow as WorkflowDefinition | undefined;
  const record = widgetRecord(props);
  const { valueOf } = widgetFields(props);
  const stored = record && record.id !== undefined;
  // the state the row was opened in (kept while the user picks another one)
  const [opened] = useState(() =>
    typeof props.value === 'string' && stored ? props.value : (workflow?.initial ?? ''),
  );
  if (!workflow) return <SelectWidget {...props} />;
  const values: Record<string, unknown> = { ...(record ?? {}) };
  for (const name of Object.keys(props.registry.rootSchema.properties ?? {})) {
    const v = valueOf?.(name);
    if (v !== undefined) values[name] = v;
  }
  // a new row starts where its values say (the server sets it whatever is sent)
  const from = stored ? opened : initialState(workflow, values);
  const allowed = stored ? nextStates(workflow, from, values) : [from];
  const enumOptions = (props.options.enumOptions ?? []).filter((o) => allowed.includes(String(o.value)));
  return (
    <SelectWidget
      {...props}
      value={stored ? props.value : from}
      required
      readonly={props.readonly || !stored}
      options={{ ...props.options, enumOptions }}
    />
  );
}
