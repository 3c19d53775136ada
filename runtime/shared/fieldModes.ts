/** A field permission of a role (field_permissions; docs/lowcode-api.md): no entry is full access. */
export const FIELD_MODES = ['hidden', 'readOnly'] as const;

export type FieldMode = (typeof FIELD_MODES)[number];
