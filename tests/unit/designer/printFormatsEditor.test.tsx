/**
 * The print formats editor (renderers/designer/PrintFormatsEditor.tsx) with the keyboard's buttons:
 * the shipped invoice's blocks by their Persian names, a block moved up with its button, a field
 * added by its label, a format added and made the default (one only), and a problem shown in
 * Persian next to its block; the preview sheet (the real PrintSheet) follows the draft.
 */
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PrintFormatsEditor } from '../../../renderers/designer/PrintFormatsEditor';
import { printSample } from '../../../renderers/designer/printSample';
import { withPrintFormats, type PrintSource } from '../../../renderers/designer/printDraft';
import type { EntityDefinition } from '../../../runtime/shared/definition';
import { PrintSheet } from '../../../runtime/shared/print/PrintSheet';
import { sheetLabels, sheetModel } from '../../../runtime/shared/print/sheetModel';
import invoiceJson from '../../../schemas/sales/invoice.json';
import itemJson from '../../../schemas/inventory/item.json';
import { setupI18n } from '../support/i18n';

vi.setConfig({ testTimeout: 30_000 });
beforeAll(setupI18n);
afterEach(cleanup);

const invoice = invoiceJson as unknown as EntityDefinition;
const lookups = new Map<string, PrintSource>([['inventory.item', itemJson as unknown as PrintSource]]);

function renderEditor(start: EntityDefinition) {
  const state = { current: start };
  function Host() {
    const [draft, setDraft] = useState(start);
    const [selected, setSelected] = useState(0);
    state.current = draft;
    const format = draft.printFormats?.[selected];
    const sample = format && printSample(draft, format, lookups, 'fa');
    return (
      <>
        <PrintFormatsEditor
          definition={draft}
          lookups={lookups}
          lang="fa"
          selected={selected}
          onSelect={setSelected}
          onChange={(formats) => setDraft(withPrintFormats(draft, formats))}
        />
        {format && sample && (
          <PrintSheet
            model={sheetModel({
              definition: draft,
              format,
              ...sample,
              company: { name: 'شرکت نمونه' },
              lang: 'fa',
              labels: sheetLabels((k) => k),
              today: '2026-03-10',
            })}
          />
        )}
      </>
    );
  }
  render(
    <FluentProvider theme={webLightTheme} dir="rtl">
      <Host />
    </FluentProvider>,
  );
  return state;
}

describe('the print formats editor', () => {
  it('shows the invoice format by block names and moves a block up with its button', () => {
    const state = renderEditor(invoice);
    expect(screen.getByRole('button', { name: 'صورتحساب فروش کالا و خدمات (پیش‌فرض)' })).toBeTruthy();
    const names = () =>
      screen.getAllByRole('region', { name: /^بلوک / }).map((r) => r.getAttribute('aria-label'));
    expect(names().slice(0, 3)).toEqual(['بلوک ۱، سربرگ شرکت', 'بلوک ۲، فیلدهای سند', 'بلوک ۳، کادر مشخصات']);
    fireEvent.click(screen.getByRole('button', { name: 'بالا بردن بلوک ۳، کادر مشخصات' }));
    expect(state.current.printFormats![0]!.blocks.map((b) => b.kind).slice(0, 3)).toEqual([
      'header',
      'party',
      'fields',
    ]);
    // the preview sheet follows: the seller's box now comes before the serial number's grid
    const sheet = document.querySelector('article.ps')!;
    const blocks = [...sheet.querySelectorAll('[data-block]')].map((b) => b.getAttribute('data-block'));
    expect(blocks.slice(0, 3)).toEqual(['header', 'party', 'fields']);
  });

  it('adds a field by its label and a looked-up row field, and the sheet prints them', () => {
    const state = renderEditor(invoice);
    const lines = screen.getByRole('region', { name: 'بلوک ۵، جدول اقلام' });
    const add = within(lines).getByRole('combobox', { name: 'افزودن به ستون‌های بلوک ۵، جدول اقلام' });
    const options = within(add)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toContain('کالا › واحد');
    fireEvent.change(add, { target: { value: 'item.unit' } });
    const columns = state.current.printFormats![0]!.blocks[4]!;
    expect(columns.kind === 'lines' && columns.columns!.at(-1)).toEqual({
      field: 'item',
      show: 'unit',
      showLookup: { entity: 'inventory.unit', displayField: 'title' },
      label: { fa: 'واحد', en: 'Unit' },
    });
    const header = [...document.querySelectorAll('article.ps table[data-block="lines"] th')].map(
      (t) => t.textContent,
    );
    expect(header.at(-1)).toBe('واحد');
  });

  it('edits a computed column as a formula over the line fields; a wrong one is shown and kept out', () => {
    const state = renderEditor(invoice);
    const formula = screen.getByRole<HTMLInputElement>('combobox', {
      name: /^فرمول مبلغ کل پس از تخفیف \(ریال\) \(۸\)/,
    });
    expect(formula.value).toContain('-');
    fireEvent.change(formula, { target: { value: 'مقدار * ۲' } });
    const lines = () => state.current.printFormats![0]!.blocks[4]!;
    const column = () => {
      const b = lines();
      return b.kind === 'lines' ? b.columns![7] : undefined;
    };
    expect(column()?.expr).toEqual({ '*': [{ var: 'quantity' }, 2] });
    fireEvent.change(formula, { target: { value: 'مقدار * ' } });
    expect(column()?.expr).toEqual({ '*': [{ var: 'quantity' }, 2] });
    expect(formula.getAttribute('aria-invalid')).toBe('true');
  });

  it('adds a format, makes it the default (the other loses it) and shows a problem in Persian at its block', () => {
    const state = renderEditor(invoice);
    fireEvent.click(screen.getByRole('button', { name: 'افزودن قالب' }));
    expect(screen.getByRole('button', { name: 'قالب چاپ تازه' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('checkbox', { name: 'قالب پیش‌فرض' }));
    expect(state.current.printFormats!.map((f) => f.default === true)).toEqual([false, true]);
    expect('default' in state.current.printFormats![0]!).toBe(false);
    // a signature box's Persian title emptied: the block says so in Persian
    const signs = screen.getByRole('region', { name: /^بلوک \S+، مهر و امضا$/ });
    fireEvent.change(within(signs).getByRole('textbox', { name: 'عنوان فارسی کادر ۱' }), {
      target: { value: '' },
    });
    expect(
      within(screen.getByRole('region', { name: /^بلوک \S+، مهر و امضا$/ })).getByText(/عبارت فارسی ندارد/),
    ).toBeTruthy();
    // removed again: the invoice's own format is the default once more
    fireEvent.click(screen.getByRole('button', { name: 'حذف این قالب' }));
    expect(state.current.printFormats).toHaveLength(1);
    expect(state.current.printFormats![0]!.default).toBe(true);
  });
});
