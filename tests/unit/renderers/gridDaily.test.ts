/**
 * Pure parts of the grid's daily-work features (issue #22): what a duplicate leaves behind, how a
 * bulk action collects the rows that failed with the server's reason, and the footer's exact sums.
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../runtime/http/ApiError';
import type { EntityDefinition, EntityRow } from '../../../runtime/shared/definition';
import { EnvelopeState, type Envelope } from '../../../runtime/shared/envelope';
import { duplicateValues } from '../../../renderers/screen/duplicate';
import { failureReason, runBulk } from '../../../renderers/screen/bulkActions';
import { sumText } from '../../../renderers/grid/GridFooter';

const definition = {
  name: 'order',
  module: 'supplyChain',
  title: { fa: 'سفارش', en: 'Order' },
  displayField: 'number',
  schema: {
    type: 'object',
    properties: {
      number: { type: 'string' },
      code: { type: 'string' },
      vendor: { type: 'integer' },
      status: { type: 'string', enum: ['draft', 'approved'] },
      files: { type: 'string' },
      note: { type: 'string' },
    },
  },
  fields: {
    code: { label: { fa: 'کد', en: 'Code' }, unique: true },
    files: { label: { fa: 'پیوست', en: 'Files' }, widget: 'attachments' },
  },
  uiSchema: { files: { 'ui:widget': 'attachments' } },
  list: { columns: ['number'] },
  workflow: { field: 'status', initial: 'draft', transitions: [] },
  children: { lines: { schema: { type: 'object', properties: {} }, fields: {} } },
} as unknown as EntityDefinition;

describe('duplicateValues', () => {
  it('keeps the values but not id, version, number, unique fields, workflow state, files or line ids', () => {
    const row = {
      id: 7,
      version: 3,
      createdAt: 'x',
      updatedAt: 'y',
      number: 'PO-7',
      code: 'C-1',
      vendor: 4,
      vendor__display: 'فروشنده',
      status: 'approved',
      files: '12,13',
      note: 'یادداشت',
      lines: [{ id: 70, version: 1, item: 5, qty: 2 }],
    } as EntityRow;
    expect(duplicateValues(definition, row)).toEqual({
      vendor: 4,
      vendor__display: 'فروشنده',
      status: 'draft',
      note: 'یادداشت',
      lines: [{ item: 5, qty: 2 }],
    });
  });
});

describe('bulk actions', () => {
  const envelope = (text: string): Envelope =>
    ({
      State: EnvelopeState.Error,
      Data: null,
      MessageTexts: [text],
      Messages: [],
      ServerMessageTexts: [],
      TableMessageTexts: [],
    }) as unknown as Envelope;

  it('runs every row and names the ones that failed with the server’s reason', async () => {
    const rows = [1, 2, 3].map((id) => ({ id, version: 1 }) as EntityRow);
    const result = await runBulk(
      rows,
      async (row) => {
        if (row.id === 2) throw new ApiError(417, envelope('این رکورد در فاکتورها به کار رفته است.'));
        if (row.id === 3) throw new Error('network');
      },
      'خطای نامشخص',
    );
    expect(result.done.map((r) => r.id)).toEqual([1]);
    expect(result.failed.map((f) => [f.row.id, f.reason])).toEqual([
      [2, 'این رکورد در فاکتورها به کار رفته است.'],
      [3, 'خطای نامشخص'],
    ]);
    expect(failureReason(new ApiError(403, null), 'بی‌دسترسی')).toBe('بی‌دسترسی');
    // a refused workflow transition: the business error, not the generic message beside it
    const refused = {
      ...envelope('این عملیات با قواعد کسب‌وکار سازگار نیست.'),
      Data: { BusinessErrors: ['تغییر وضعیت از «تأییدشده» به «پیش‌نویس» در گردش کار تعریف نشده است.'] },
    } as unknown as Envelope;
    expect(failureReason(new ApiError(417, refused), 'خطا')).toBe(
      'تغییر وضعیت از «تأییدشده» به «پیش‌نویس» در گردش کار تعریف نشده است.',
    );
  });
});

describe('footer sums', () => {
  it('groups an exact decimal text past 2^53 in Persian digits', () => {
    expect(sumText('18014398509481982', 'fa')).toBe('۱۸٬۰۱۴٬۳۹۸٬۵۰۹٬۴۸۱٬۹۸۲');
    expect(sumText('-1200', 'en')).toBe('-1,200');
    expect(sumText('0', 'fa')).toBe('۰');
  });
});
