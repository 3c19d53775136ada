/**
 * The definitions the report tests run on: a copy of schemas/ with what the chart-of-accounts work
 * of #24 adds, where this tree does not have it yet (each step is skipped once the shipped files
 * have it): the `accounting.detailAccount` entity, the `detailAccount` lookup of customers, and
 * the voucher's `kind` (manual | posted | reversal | closing | opening).
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../server/config';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- definitions as data

const DETAIL_ACCOUNT = {
  name: 'detailAccount',
  module: 'accounting',
  title: { fa: 'حساب‌های تفصیلی', en: 'Detail accounts' },
  displayField: 'name',
  schema: {
    type: 'object',
    additionalProperties: false,
    required: ['code', 'name'],
    properties: {
      code: { type: 'string', minLength: 1, maxLength: 20 },
      name: { type: 'string', minLength: 2, maxLength: 120 },
    },
  },
  fields: {
    code: { label: { fa: 'کد', en: 'Code' }, sortable: true, filterable: true },
    name: { label: { fa: 'نام', en: 'Name' }, sortable: true, filterable: true },
  },
  list: { columns: ['code', 'name'] },
};

function edit(path: string, change: (d: Json) => void): void {
  const d = JSON.parse(readFileSync(path, 'utf8')) as Json;
  change(d);
  writeFileSync(path, JSON.stringify(d, null, 2));
}

/** A temporary copy of schemas/ completed as above; the caller removes it. */
export function reportSchemas(): string {
  const dir = mkdtempSync(join(tmpdir(), 'erp-report-schemas-'));
  cpSync(join(PROJECT_ROOT, 'schemas'), dir, { recursive: true });
  const detail = join(dir, 'accounting', 'detailAccount.json');
  if (!existsSync(detail)) writeFileSync(detail, JSON.stringify(DETAIL_ACCOUNT, null, 2));
  edit(join(dir, 'sales', 'customer.json'), (d) => {
    if (d.schema.properties.detailAccount) return;
    d.schema.properties.detailAccount = { type: 'integer', minimum: 1 };
    d.fields.detailAccount = {
      label: { fa: 'حساب تفصیلی', en: 'Detail account' },
      lookup: { entity: 'accounting.detailAccount', displayField: 'name' },
    };
  });
  edit(join(dir, 'accounting', 'voucher.json'), (d) => {
    if (d.schema.properties.kind) return;
    d.schema.properties.kind = {
      type: 'string',
      enum: ['manual', 'posted', 'reversal', 'closing', 'opening'],
      default: 'manual',
    };
    d.fields.kind = { label: { fa: 'نوع سند', en: 'Kind' } };
  });
  return dir;
}
