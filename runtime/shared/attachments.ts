/**
 * Attachments of a record field (uiSchema `ui:widget: "attachments"` on a string field): the field
 * holds the attachment ids as a comma-separated list ("12,15"); the files live on the server
 * (server/attachments/, docs/api.md "Attachments").
 */

/** Largest file the server accepts (10 MB); bigger uploads answer 413. */
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;

/** The widget name (uiSchema) that marks a field as an attachments field. */
export const ATTACHMENTS_WIDGET = 'attachments';

/** Pattern of the stored value, for the field's schema. */
export const ATTACHMENT_IDS_PATTERN = '^[0-9]+(,[0-9]+)*$';

export interface AttachmentInfo {
  id: number;
  name: string;
  size: number;
  mime: string;
  /** sha256 of the content, hex. */
  sha256: string;
  createdAt: string;
}

export function parseAttachmentIds(value: unknown): number[] {
  if (typeof value !== 'string' || value.trim() === '') return [];
  const ids = value
    .split(',')
    .map((p) => Number(p.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
  return [...new Set(ids)];
}

export function formatAttachmentIds(ids: readonly number[]): string {
  return [...new Set(ids)].join(',');
}

/** Whether a field of a definition is an attachments field (its uiSchema names the widget). */
export function isAttachmentsField(uiSchema: Record<string, unknown> | undefined, field: string): boolean {
  const ui = uiSchema?.[field] as { 'ui:widget'?: unknown } | undefined;
  return ui?.['ui:widget'] === ATTACHMENTS_WIDGET;
}
