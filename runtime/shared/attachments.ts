/**
 * Attachments of a record field (kinds `attachments` and `image`, runtime/shared/fieldKind.ts): the
 * field holds the attachment ids as a comma-separated list ("12,15"); the files live on the server
 * (server/attachments/, docs/api.md "Attachments").
 */

/** Largest file the server accepts (10 MB); bigger uploads answer 413. */
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;

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

/** Whether `n` can be an attachment id: a positive whole number both databases and JSON hold exactly. */
export function isAttachmentId(n: unknown): n is number {
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0;
}

/** The id of a path segment or list part ("12"), or null when it is not one (digits only, no sign, no exponent). */
export function attachmentIdOf(text: string): number | null {
  if (!/^[0-9]{1,16}$/.test(text)) return null;
  const n = Number(text);
  return isAttachmentId(n) ? n : null;
}

/** The ids a stored value holds (parts that are not ids are skipped), each once. */
export function parseAttachmentIds(value: unknown): number[] {
  if (typeof value !== 'string' || value.trim() === '') return [];
  const ids = value
    .split(',')
    .map((p) => attachmentIdOf(p.trim()))
    .filter((n): n is number => n !== null);
  return [...new Set(ids)];
}

/** The ids of a value being written, or null when some part is not an id (the write is refused). */
export function strictAttachmentIds(value: unknown): number[] | null {
  if (value === null || value === undefined || value === '') return [];
  if (typeof value !== 'string') return null;
  const ids: number[] = [];
  for (const part of value.split(',')) {
    const id = attachmentIdOf(part);
    if (id === null) return null;
    ids.push(id);
  }
  return [...new Set(ids)];
}

/**
 * Bidirectional controls (LRM, RLM, ALM, embeddings, overrides, isolates): in a file name they make
 * "exe.pdf" read as "fdp.exe", so names are stored and served without them. ZWNJ (U+200C) and ZWJ stay:
 * Persian words need them.
 */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;
/** Other characters no file name needs: C0/C1 controls, line/paragraph separators, BOM, interlinear annotations. */
const OTHER_CONTROLS = /[\p{Cc}\u2028\u2029\uFEFF\uFFF9-\uFFFB]/gu;

/** A file name as stored and served: no path parts, no control or bidi characters, at most 200 characters. */
export function safeFileName(name: string): string {
  return name
    .replace(/[\\/]/g, '_')
    .replace(BIDI_CONTROLS, '')
    .replace(OTHER_CONTROLS, '')
    .trim()
    .slice(0, 200);
}

export function formatAttachmentIds(ids: readonly number[]): string {
  return [...new Set(ids)].join(',');
}
