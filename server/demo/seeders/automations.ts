/**
 * Automations (docs/automations.md): the webhook endpoint the sales invoice's demo automation names
 * (`erp-events`), configured but DISABLED: its calls are logged as skipped until an admin gives it
 * a real URL and enables it. The secret is random per database.
 */
import { randomBytes } from 'node:crypto';
import type { Seeder } from './seeder';
import { insertRows } from '../seedInsert';
import { WEBHOOK_ENDPOINT_ENTITY } from '../../automations/webhooks';

export const seedAutomations: Seeder = async ({ db, ctx }) => {
  if (!ctx.registry.byEntityKey(WEBHOOK_ENDPOINT_ENTITY)) return;
  await insertRows(db, ctx, WEBHOOK_ENDPOINT_ENTITY, [
    {
      name: 'erp-events',
      url: 'https://erp-events.example.invalid/hooks/invoices',
      secret: randomBytes(24).toString('hex'),
      enabled: false,
      description: 'نمونه: فاکتورهای فروش بزرگ نهایی‌شده به سامانه دیگر فرستاده می‌شوند (غیرفعال).',
    },
  ]);
};
