/**
 * The company the print header shows: the settings `company.*` (runtime/shared/printFormat.ts
 * COMPANY_KEYS) and the logo, the image of the settings row `company.logo` (LOGO_SETTING, its
 * image field LOGO_FIELD) embedded as a data URL, so the browser's print view and the PDF (which
 * may load nothing) draw the same picture. Only a file that belongs to that row and is a PNG,
 * JPEG, GIF or WebP image of at most LOGO_MAX_BYTES is embedded; anything else prints no logo.
 */
import type { Untyped } from '../db/untyped';
import { SETTINGS_TABLE, settingValues } from '../accounting/chart';
import { SETTINGS_ENTITY } from '../entities/gates';
import { imageType } from '../attachments/images';
import { parseAttachmentIds } from '../../runtime/shared/attachments';
import {
  COMPANY_KEYS,
  LOGO_FIELD,
  LOGO_MAX_BYTES,
  LOGO_SETTING,
  type PrintCompany,
} from '../../runtime/shared/printFormat';

/** The logo as a data URL; undefined without one (or when the file is not an image it may print). */
export async function companyLogo(db: Untyped): Promise<string | undefined> {
  const setting = (await db
    .selectFrom(SETTINGS_TABLE)
    .select(['id', LOGO_FIELD])
    .where('key', '=', LOGO_SETTING)
    .orderBy('id')
    .executeTakeFirst()) as Record<string, unknown> | undefined;
  const [id] = parseAttachmentIds(setting?.[LOGO_FIELD]);
  if (!setting || id === undefined) return undefined;
  // the file linked to that settings row and field (never a pending upload or another row's file)
  const file = (await db
    .selectFrom('attachments')
    .select(['content'])
    .where('id', '=', id)
    .where('entity', '=', SETTINGS_ENTITY)
    .where('field', '=', LOGO_FIELD)
    .where('row_id', '=', Number(setting.id))
    .executeTakeFirst()) as { content: Buffer | Uint8Array } | undefined;
  if (!file) return undefined;
  const content = Buffer.from(file.content);
  const mime = imageType(content);
  if (!mime || content.length > LOGO_MAX_BYTES) return undefined;
  return `data:${mime};base64,${content.toString('base64')}`;
}

export async function printCompany(db: Untyped): Promise<PrintCompany> {
  const values = await settingValues(db, Object.values(COMPANY_KEYS));
  const out: PrintCompany = {};
  for (const [field, key] of Object.entries(COMPANY_KEYS) as [keyof typeof COMPANY_KEYS, string][]) {
    const v = values.get(key);
    if (v) out[field] = v;
  }
  const logo = await companyLogo(db);
  if (logo) out.logo = logo;
  return out;
}
