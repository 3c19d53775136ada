/** The workflow state select offers the stored state and the definition's next states from it. */
import { describe, expect, it } from 'vitest';
import type { WorkflowDefinition } from '../../../runtime/shared/definition';
import { nextStates } from '../../../renderers/form/widgets/WorkflowStateWidget';
import { buildUiSchema } from '../../../renderers/form/schema';
import { pointsFromQuery } from '../../../src/map/RoutePlannerPage';
import purchaseOrder from '../../../schemas/supplyChain/purchaseOrder.json';
import type { EntityDefinition } from '../../../runtime/shared/definition';

const def = purchaseOrder as unknown as EntityDefinition;
const wf = def.workflow as WorkflowDefinition;

describe('workflow state select', () => {
  it('offers the stored state first, then the states reachable from it', () => {
    expect(nextStates(wf, 'draft')).toEqual(['draft', 'submitted', 'cancelled']);
    expect(nextStates(wf, 'submitted')).toEqual(['submitted', 'approved', 'draft', 'cancelled']);
    expect(nextStates(wf, 'received')).toEqual(['received']);
  });

  it('buildUiSchema gives the workflow field the workflowState widget and the workflow', () => {
    const ui = buildUiSchema(def, 'fa') as Record<string, Record<string, unknown>>;
    expect(ui.status!['ui:widget']).toBe('workflowState');
    expect((ui.status!['ui:options'] as { workflow: unknown }).workflow).toEqual(wf);
  });
});

describe('route planner points from the query', () => {
  it('reads two or more lat,lng pairs and ignores anything else', () => {
    expect(pointsFromQuery('?points=35.6892,51.389;32.6546,51.668')).toEqual([
      [35.6892, 51.389],
      [32.6546, 51.668],
    ]);
    expect(pointsFromQuery('?points=35.6,51.3')).toEqual([]);
    expect(pointsFromQuery('?points=a,b;1,2')).toEqual([]);
    expect(pointsFromQuery('')).toEqual([]);
  });
});
