/**
 * The print formats designer's edits (renderers/designer/printDraft.ts) and checks
 * (runtime/shared/print/formatChecks.ts): formats added, made default (one only), removed; blocks
 * added, moved, removed; values offered by label, including a looked-up row's field; the shipped
 * formats of the sales invoice and the accounting voucher kept exactly through the editor's paths.
 */
import { describe, expect, it } from 'vitest';
import type { EntityDefinition } from '../../../runtime/shared/definition';
import type { PrintFormat, PrintValue } from '../../../runtime/shared/printFormat';
import { printFormatProblems } from '../../../runtime/shared/printFormat';
import { printFormatChecks } from '../../../runtime/shared/print/formatChecks';
import {
  addBlock,
  addFormat,
  changeBlock,
  changeFormat,
  choiceKey,
  formatsOf,
  moveBlock,
  moveItem,
  newBlock,
  removeBlock,
  removeFormat,
  setDefault,
  valueChoices,
  valueLabel,
  withLabel,
  withPrintFormats,
  type DraftTexts,
  type PrintSource,
} from '../../../renderers/designer/printDraft';
import { printSample } from '../../../renderers/designer/printSample';
import invoiceJson from '../../../schemas/sales/invoice.json';
import voucherJson from '../../../schemas/accounting/voucher.json';
import customerJson from '../../../schemas/sales/customer.json';
import itemJson from '../../../schemas/inventory/item.json';
import accountJson from '../../../schemas/accounting/account.json';

const invoice = invoiceJson as unknown as EntityDefinition;
const voucher = voucherJson as unknown as EntityDefinition;
const lookups = new Map<string, PrintSource>([
  ['sales.customer', customerJson as unknown as PrintSource],
  ['inventory.item', itemJson as unknown as PrintSource],
  ['accounting.account', accountJson as unknown as PrintSource],
]);
const texts: DraftTexts = {
  format: { fa: 'قالب چاپ تازه' },
  party: { fa: 'مشخصات خریدار' },
  signature: { fa: 'مهر و امضا' },
};
/** An entity without formats (the invoice's fields and lines, no printFormats). */
const bare = withPrintFormats(invoice, []);

describe('print formats draft', () => {
  it('adds a first format as the default, with a header, fields, the lines, totals, words, a signature and a footer', () => {
    expect(bare.printFormats).toBeUndefined();
    const formats = addFormat(bare, texts);
    expect(formats).toHaveLength(1);
    expect(formats[0]).toMatchObject({ name: 'format1', title: texts.format, default: true });
    expect(formats[0]!.blocks.map((b) => b.kind)).toEqual([
      'header',
      'fields',
      'lines',
      'totals',
      'words',
      'signatures',
      'footer',
    ]);
    expect(formats[0]!.blocks[4]).toEqual({ kind: 'words' });
    // a second one is not the default, and gets a free name
    const two = addFormat(withPrintFormats(bare, formats), texts);
    expect(two[1]).toMatchObject({ name: 'format2' });
    expect(two[1]!.default).toBeUndefined();
    expect(printFormatChecks(withPrintFormats(bare, two))).toEqual([]);
  });

  it('keeps one default: marking another drops the key from the first; removing the default passes it on', () => {
    let formats = addFormat(bare, texts);
    formats = addFormat(withPrintFormats(bare, formats), texts);
    formats = addFormat(withPrintFormats(bare, formats), texts);
    formats = setDefault(formats, 2);
    expect(formats.map((f) => f.default)).toEqual([undefined, undefined, true]);
    expect('default' in formats[0]!).toBe(false);
    formats = removeFormat(formats, 2);
    expect(formats.map((f) => f.default)).toEqual([true, undefined]);
    // two defaults (as typed in JSON) are reported once, for the whole list
    const two = withPrintFormats(
      bare,
      formats.map((f) => ({ ...f, default: true })),
    );
    expect(printFormatChecks(two)).toEqual([
      expect.objectContaining({ key: 'manyDefaults', path: '/printFormats' }),
    ]);
    // the last format removed: the entity prints the generic format again (no key)
    expect(withPrintFormats(bare, removeFormat(removeFormat(formats, 0), 0)).printFormats).toBeUndefined();
  });

  it('renames a format and reports a name used twice or not camelCase at the format', () => {
    let formats = addFormat(bare, texts);
    formats = addFormat(withPrintFormats(bare, formats), texts);
    formats = changeFormat(formats, 1, { name: 'format1', title: { fa: 'رسمی', en: 'Official' } });
    expect(formats[1]!.title).toEqual({ fa: 'رسمی', en: 'Official' });
    expect(printFormatChecks(withPrintFormats(bare, formats))).toEqual([
      expect.objectContaining({ path: '/printFormats/1', key: 'duplicateName', format: 1 }),
    ]);
    formats = changeFormat(formats, 1, { name: 'Bad name' });
    expect(printFormatChecks(withPrintFormats(bare, formats))[0]).toMatchObject({ key: 'badName' });
  });

  it('adds a block before the footer, moves it up and down, removes it', () => {
    let formats = addFormat(bare, texts);
    formats = addBlock(formats, 0, newBlock('party', bare, texts));
    const kinds = () => formats[0]!.blocks.map((b) => b.kind);
    expect(kinds().slice(-2)).toEqual(['party', 'footer']);
    const at = kinds().indexOf('party');
    formats = moveBlock(formats, 0, at, -1);
    expect(kinds()[at - 1]).toBe('party');
    formats = moveBlock(formats, 0, at - 1, 1);
    expect(kinds()[at]).toBe('party');
    // at the edges nothing moves
    expect(moveBlock(formats, 0, 0, -1)).toEqual(formats);
    expect(moveBlock(formats, 0, kinds().length - 1, 1)).toEqual(formats);
    formats = removeBlock(formats, 0, at);
    expect(kinds()).not.toContain('party');
    // a footer added goes last
    expect(addBlock(formats, 0, { kind: 'footer' })[0]!.blocks.at(-1)).toEqual({ kind: 'footer' });
  });

  it('reports a block problem at the block: a field the entity lacks, an empty box title, no boxes', () => {
    let formats = addFormat(bare, texts);
    formats = changeBlock(formats, 0, 1, { kind: 'fields', values: [{ field: 'nosuch' }] });
    formats = changeBlock(formats, 0, 5, { kind: 'signatures', boxes: [] });
    formats = addBlock(formats, 0, { kind: 'party', title: { fa: '' }, values: [] });
    const checks = printFormatChecks(withPrintFormats(bare, formats));
    expect(checks).toEqual([
      expect.objectContaining({
        path: '/printFormats/0/blocks/1',
        block: 1,
        key: 'noField',
        params: expect.objectContaining({ field: 'nosuch' }),
      }),
      expect.objectContaining({ block: 5, key: 'noBoxes' }),
      expect.objectContaining({ block: 6, key: 'emptyText' }),
    ]);
    // the English wording (the definition files' load errors) names the path
    expect(printFormatProblems(withPrintFormats(bare, formats))[0]).toBe(
      '/printFormats/0/blocks/1: no field nosuch',
    );
  });

  it('offers values by label, a looked-up row field too, with showLookup when that field is a lookup', () => {
    const lines = invoice.children!.lines!;
    const choices = valueChoices(lines, lookups, 'fa');
    const unit = choices.find((c) => c.key === 'item.unit');
    expect(unit?.label).toBe('کالا › واحد');
    expect(unit?.value).toEqual({
      field: 'item',
      show: 'unit',
      showLookup: { entity: 'inventory.unit', displayField: 'title' },
      label: { fa: 'واحد', en: 'Unit' },
    });
    expect(choices.find((c) => c.key === 'quantity')?.label).toBe('مقدار');
    // labels, not keys: no choice is shown by its key where the field has a label
    expect(choices.every((c) => !/^[a-z][A-Za-z0-9.]*$/.test(c.label))).toBe(true);
    expect(valueLabel(lines, { field: 'item', show: 'code' }, lookups, 'fa')).toBe('کالا › کد کالا');
  });

  it('keeps the shipped formats of the invoice and the voucher exactly through the editor', () => {
    for (const def of [invoice, voucher]) {
      const shipped = structuredClone(def.printFormats) as PrintFormat[];
      let formats = formatsOf(def);
      // the editor's paths that change nothing: the default marked again, each block moved down and
      // up again, each block and value written back, each printed label written back
      formats = setDefault(
        formats,
        formats.findIndex((f) => f.default),
      );
      formats.forEach((f, fi) =>
        f.blocks.forEach((_, bi) => {
          if (bi < f.blocks.length - 1) formats = moveBlock(moveBlock(formats, fi, bi, 1), fi, bi + 1, -1);
          const block = formats[fi]!.blocks[bi]!;
          formats = changeBlock(formats, fi, bi, structuredClone(block));
        }),
      );
      const next = withPrintFormats(def, formats);
      expect(next.printFormats).toEqual(shipped);
      expect(JSON.stringify(next.printFormats)).toBe(JSON.stringify(shipped));
      // every shipped value is one the pickers offer, and choosing it gives the same value
      for (const f of shipped)
        for (const b of f.blocks) {
          const source = b.kind === 'lines' ? def.children![b.table]! : def;
          const values: PrintValue[] =
            b.kind === 'lines'
              ? (b.columns ?? []).filter((c): c is PrintValue => c.field !== undefined)
              : 'values' in b
                ? (b.values ?? [])
                : [];
          const offered = valueChoices(source, lookups, 'fa');
          for (const v of values) {
            const choice = offered.find((c) => c.key === choiceKey(v));
            expect(choice, `${def.name}: ${choiceKey(v)}`).toBeDefined();
            expect(withLabel(choice!.value, v.label)).toEqual(v);
            expect(JSON.stringify(withLabel(v, v.label))).toBe(JSON.stringify(v));
          }
        }
      expect(printFormatChecks(next)).toEqual([]);
    }
  });

  it('moves and removes list items without losing any', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });

  it('makes a sample document the preview prints: lines, lookup texts, a looked-up row field', () => {
    const format = invoice.printFormats![0]!;
    const sample = printSample(invoice, format, lookups, 'fa');
    expect(Array.isArray(sample.row.lines)).toBe(true);
    expect((sample.row.lines as unknown[]).length).toBe(2);
    const item = (sample.row.lines as Record<string, unknown>[])[0]!.item;
    expect(sample.texts.get(`inventory.item#${String(item)}`)).toMatch(/^کالا /);
    // the item's sample row has a code (shown as «کالا › کد»)
    expect(sample.rows.get(`inventory.item#${String(item)}`)?.code).toMatch(/^کد کالا [۰-۹]$/);
    // texts read as their labels, not their keys
    expect(sample.row.description).toBe('شرح ۱');
  });
});
