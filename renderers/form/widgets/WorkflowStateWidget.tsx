/**
 * The state field of a definition with a workflow block: offers the state the row was opened in
 * and the states the workflow allows next from it (ui:options.workflow, put there by buildUiSchema).
 * Which role may make a transition is enforced by the server (417 with a clear message).
 */
import { useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import type { WorkflowDefinition } from '../../../runtime/shared/definition';
import { SelectWidget } from './SelectWidget';

/** Values offered from state `opened`: itself, then the targets of its transitions. */
export function nextStates(workflow: WorkflowDefinition, opened: string): string[] {
  const next = workflow.transitions.filter((t) => t.from === opened).map((t) => t.to);
  return [opened, ...next.filter((s, i) => s !== opened && next.indexOf(s) === i)];
}

export function WorkflowStateWidget(props: WidgetProps) {
  const workflow = props.options.workflow as WorkflowDefinition | undefined;
  // the state the row was opened in (kept while the user picks another one)
  const [opened] = useState(() =>
    typeof props.value === 'string' ? props.value : (workflow?.initial ?? ''),
  );
  if (!workflow) return <SelectWidget {...props} />;
  const allowed = nextStates(workflow, opened);
  const enumOptions = (props.options.enumOptions ?? []).filter((o) => allowed.includes(String(o.value)));
  return <SelectWidget {...props} required options={{ ...props.options, enumOptions }} />;
}
