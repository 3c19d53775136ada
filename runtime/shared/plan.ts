/** What SystemConfig/Designer/Plan answers: the changes publishing a draft would make. */

export const PLAN_CHANGE_KINDS = [
  'addEntity',
  'addField',
  'removeField',
  'changeType',
  'changeLabel',
  'changeScope',
  'other',
] as const;

export type PlanChangeKind = (typeof PLAN_CHANGE_KINDS)[number];

export interface PlanChange {
  kind: PlanChangeKind;
  /** The field (`child.field` inside a child table); absent for whole-entity changes. */
  field?: string;
  /** In the request language. */
  message: string;
  /** Stored rows holding a value the change touches. */
  rows: number;
  breaking: boolean;
}

/** The answer of Plan. */
export interface PlanAnswer {
  changes: PlanChange[];
  breaking: boolean;
  /** Validator modules of the draft (same-origin URLs), for the preview form. */
  preview?: { validators: { record: string; children: Record<string, string> } };
}
