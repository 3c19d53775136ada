/** The checks of a definition's `source` declaration (server/definitions/chainCheck.ts, docs/chain.md). */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type { EntityDefinition } from '../../../runtime/shared/definition';
import { chainLookupProblems, chainProblems } from '../../../server/definitions/chainCheck';

const read = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as EntityDefinition;
const receipt = read('schemas/supplyChain/goodsReceipt.json');
const order = read('schemas/supplyChain/purchaseOrder.json');
const defOf = (key: string) => (key === 'supplyChain.purchaseOrder' ? order : undefined);
const keys = (problems: { path: string; key: string }[]) => problems.map((p) => `${p.path} ${p.key}`);

describe('the source declaration check', () => {
  it('accepts the shipped goods receipt made from a purchase order', () => {
    expect(chainProblems(receipt)).toEqual([]);
    expect(chainLookupProblems(receipt, defOf)).toEqual([]);
  });

  it('names each field of the document the declaration gets wrong', () => {
    const bad: EntityDefinition = {
      ...receipt,
      lifecycle: undefined,
      source: {
        ...receipt.source!,
        field: 'vendor',
        lineLink: 'note',
        quantity: 'note',
        carry: { nowhere: 'vendor' },
      },
    };
    expect(keys(chainProblems(bad))).toEqual(
      [
        ' chainNoLifecycle',
        '/field chainField',
        '/carry/nowhere chainCarryField',
        '/lineLink chainLineLink',
        '/quantity chainLineNumber',
        // the shipped `editable: ["warehouse", …]` names a field no longer carried
        '/editable/0 chainCarryField',
      ].map((k) => (k.startsWith(' ') ? `/source${k}` : `/source${k}`)),
    );
  });

  it('names what the source lacks: its entity, a read-only fulfilled number field, carried fields', () => {
    expect(keys(chainLookupProblems(receipt, () => undefined))).toEqual(['/source/entity chainEntity']);
    const editable = structuredClone(order);
    editable.children!.lines!.schema.properties.receivedQuantity = { type: 'number', minimum: 0 };
    const bad = { ...receipt, source: { ...receipt.source!, lineCarry: { item: 'nothing' } } };
    expect(keys(chainLookupProblems(bad, () => editable))).toEqual([
      '/source/fulfilled chainFulfilled',
      '/source/lineCarry/item chainSourceField',
    ]);
  });
});
