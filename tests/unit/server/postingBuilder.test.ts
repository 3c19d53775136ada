/**
 * The pure posting builder (server/accounting/postingBuilder.ts): accounts by code, setting and
 * field (with a path through the looked-up row), detail accounts by group, forEach with merging,
 * negative amounts to the other side, zero and `when` writing nothing, and each refusal.
 */
import { describe, expect, it } from 'vitest';
import type { EntityDefinition } from '../../../runtime/shared/definition';
import type { AccountInfo } from '../../../server/accounting/chart';
import {
  buildPosting,
  emptyWorld,
  PostingRefused,
  type PostedDocument,
  type PostingWorld,
} from '../../../server/accounting/postingBuilder';

const account = (
  id: number,
  code: string,
  groups: [number | null, number | null] = [null, null],
): AccountInfo => ({
  id,
  code,
  name: `حساب ${code}`,
  level: code.length === 4 ? 3 : code.length,
  active: true,
  detailGroups: groups,
});

function world(): PostingWorld {
  const w = emptyWorld();
  for (const a of [account(1, '1201', [7, null]), account(2, '6101'), account(3, '8206'), account(4, '61')]) {
    w.accountsByCode.set(a.code, a);
    w.accountsById.set(a.id, a);
  }
  w.accountsById.set(5, account(5, '1203', [7, null]));
  w.settings.set('accounting.account.receivable', '1201');
  w.settings.set('accounting.account.sales', '6101');
  w.rows.set(
    'sales.customer',
    new Map([[10, { id: 10, name: 'پارس', detailAccount: 100, otherAccount: 5 }]]),
  );
  w.rows.set('inventory.item', new Map([[20, { id: 20, name: 'شکر' }]]));
  w.details.set(100, { id: 100, code: '100001', name: 'پارس', group: 7, active: true });
  w.details.set(101, { id: 101, code: '200001', name: 'بانک', group: 8, active: true });
  w.groupNames.set(7, 'اشخاص');
  return w;
}

const DEF = {
  name: 'sale',
  module: 'sales',
  title: { fa: 'فروش' },
  displayField: 'number',
  lifecycle: {},
  period: { field: 'date' },
  schema: {
    type: 'object',
    properties: {
      number: { type: 'string' },
      date: { type: 'string', format: 'date' },
      customer: { type: 'integer' },
      total: { type: 'integer' },
      extra: { type: 'integer' },
    },
  },
  fields: {
    number: { label: { fa: 'شماره' } },
    date: { label: { fa: 'تاریخ' } },
    customer: { label: { fa: 'مشتری' }, lookup: { entity: 'sales.customer', displayField: 'name' } },
    total: { label: { fa: 'جمع' } },
    extra: { label: { fa: 'اضافه' } },
  },
  children: {
    lines: {
      label: { fa: 'اقلام' },
      schema: { type: 'object', properties: { item: { type: 'integer' }, amount: { type: 'integer' } } },
      fields: {
        item: { label: { fa: 'کالا' }, lookup: { entity: 'inventory.item', displayField: 'name' } },
        amount: { label: { fa: 'مبلغ' } },
      },
    },
  },
  list: { columns: ['number'] },
} as unknown as EntityDefinition;

function doc(posting: unknown, values: Record<string, unknown> = {}): PostedDocument {
  return {
    def: { ...DEF, posting } as EntityDefinition,
    values: { id: 1, number: 'S-1', date: '2026-05-01', customer: 10, total: 1000, ...values },
    lines: {
      lines: [
        { item: 20, amount: 600 },
        { item: 20, amount: 400 },
      ],
    },
  };
}

const refusal = (fn: () => unknown): string => {
  try {
    fn();
  } catch (e) {
    if (e instanceof PostingRefused) return e.key;
    throw e;
  }
  return 'none';
};

describe('posting builder', () => {
  it('builds balanced lines: settings, details of the looked-up row, forEach merged, templates', () => {
    const built = buildPosting(
      doc({
        description: { fa: 'فروش {{number}} به {{customer__display}}' },
        lines: [
          {
            id: 'receivable',
            account: { setting: 'accounting.account.receivable' },
            details: [{ field: 'customer' }],
            debit: { var: 'total' },
          },
          {
            id: 'sales',
            account: { code: '6101' },
            forEach: 'lines',
            credit: { var: 'amount' },
            description: { fa: 'فروش {{item__display}} ({{number}})' },
          },
        ],
      }),
      world(),
    );
    expect(built).toMatchObject({
      date: '2026-05-01',
      description: 'فروش S-1 به پارس',
      totalDebit: 1000,
      totalCredit: 1000,
      lines: [
        { account: 1, detail1: 100, detail2: null, debit: 1000, credit: 0 },
        { account: 2, detail1: null, debit: 0, credit: 1000, description: 'فروش شکر (S-1)' },
      ],
    });
  });

  it('takes an account through a looked-up row (path); a negative amount goes to the other side; zero and `when` write nothing', () => {
    const built = buildPosting(
      doc({
        description: { fa: 'x' },
        lines: [
          {
            id: 'other',
            account: { field: 'customer', path: 'otherAccount' },
            details: [{ field: 'customer' }],
            credit: { '-': [0, { var: 'total' }] },
          },
          { id: 'sales', account: { code: '6101' }, credit: { var: 'total' } },
          { id: 'zero', account: { code: '8206' }, debit: 0 },
          { id: 'never', account: { code: '8206' }, debit: 5, when: { '>': [{ var: 'total' }, 5000] } },
        ],
      }),
      world(),
    );
    expect(built?.lines.map((l) => [l.account, l.debit, l.credit])).toEqual([
      [5, 1000, 0],
      [2, 0, 1000],
    ]);
  });

  it('posts nothing when every amount is zero', () => {
    const posting = { description: { fa: 'x' }, lines: [{ id: 'a', account: { code: '8206' }, debit: 0 }] };
    expect(buildPosting(doc(posting), world())).toBeNull();
  });

  it('refuses: a missing setting or code, a non-postable account, a missing or foreign detail, unbalanced', () => {
    const one = (line: Record<string, unknown>, values: Record<string, unknown> = {}) =>
      refusal(() =>
        buildPosting(
          doc(
            {
              description: { fa: 'x' },
              lines: [line, { id: 'sales', account: { code: '6101' }, credit: { var: 'total' } }],
            },
            values,
          ),
          world(),
        ),
      );
    const debit = { var: 'total' };
    expect(one({ id: 'a', account: { setting: 'accounting.account.none' }, debit })).toBe('settingMissing');
    expect(one({ id: 'a', account: { code: '9999' }, debit })).toBe('accountCodeMissing');
    expect(one({ id: 'a', account: { code: '61' }, debit })).toBe('notPostable');
    expect(one({ id: 'a', account: { code: '1201' }, debit })).toBe('detailMissing');
    expect(one({ id: 'a', account: { field: 'customer' }, debit })).toBe('fieldAccountMissing');
    expect(
      one({ id: 'a', account: { field: 'customer', path: 'otherAccount' }, debit }, { customer: null }),
    ).toBe('fieldEmpty');
    expect(one({ id: 'a', account: { code: '8206' }, debit: { '+': [{ var: 'total' }, 1] } })).toBe(
      'unbalanced',
    );
    expect(one({ id: 'a', account: { code: '8206' }, debit: 'many' })).toBe('amountInvalid');
    const w = world();
    w.rows.set('sales.customer', new Map([[10, { id: 10, name: 'پارس', detailAccount: 101 }]]));
    expect(
      refusal(() =>
        buildPosting(
          doc({
            description: { fa: 'x' },
            lines: [
              { id: 'a', account: { code: '1201' }, details: [{ field: 'customer' }], debit },
              { id: 'sales', account: { code: '6101' }, credit: { var: 'total' } },
            ],
          }),
          w,
        ),
      ),
    ).toBe('detailWrongGroup');
  });

  it('names the difference of an unbalanced posting', () => {
    try {
      buildPosting(
        doc({
          description: { fa: 'x' },
          lines: [
            { id: 'a', account: { code: '8206' }, debit: 1500 },
            { id: 'b', account: { code: '6101' }, credit: 1000 },
          ],
        }),
        world(),
      );
      expect.unreachable();
    } catch (e) {
      expect((e as PostingRefused).params('fa')).toEqual({ debit: 1500, credit: 1000, difference: 500 });
    }
  });
});
