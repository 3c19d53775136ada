import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DesignerForm } from '../../../renderers/designer/DesignerForm';
import { emptyDefinition } from '../../../renderers/designer/draft';
import type { EntityDefinition } from '../../../runtime/shared/definition';
import definitionSchema from '../../../schemas/definition.schema.json';
import { setupI18n } from '../support/i18n';

vi.setConfig({ testTimeout: 30_000 });
beforeAll(setupI18n);
afterEach(cleanup);

function renderDesigner(start: EntityDefinition) {
  const changes: EntityDefinition[] = [];
  const problems = new Map<string, boolean>();
  function Host() {
    const [draft, setDraft] = useState(start);
    return (
      <DesignerForm
        schema={definitionSchema}
        definition={draft}
        onChange={(d) => {
          changes.push(d);
          setDraft(d);
        }}
        entities={[{ key: 'inventory.item', title: 'کالاها', displayField: 'name' }]}
        lang="fa"
        onProblem={(id, p) => problems.set(id, p)}
      />
    );
  }
  render(
    <FluentProvider theme={webLightTheme} dir="rtl">
      <Host />
    </FluentProvider>,
  );
  return { changes, problems, last: () => changes[changes.length - 1]! };
}

describe('DesignerForm (generated over the definition schema)', () => {
  it('edits module and title through the generated form and labels through the fields table', async () => {
    const { last } = renderDesigner(emptyDefinition('common', 'thing'));
    const module = screen.getByLabelText<HTMLSelectElement>(/^ماژول/);
    const sales = [...module.options].find((o) => o.textContent === 'sales')!;
    fireEvent.change(module, { target: { value: sales.value } });
    await waitFor(() => expect(last().module).toBe('sales'));
    const table = screen.getByRole('table', { name: 'فیلدها' });
    fireEvent.change(within(table).getByLabelText('برچسب فارسی ۱'), { target: { value: 'نام کالا' } });
    await waitFor(() => expect(last().fields.title!.label.fa).toBe('نام کالا'));
    expect(last().module).toBe('sales');
  });

  it('a new field stays in the table until it has a label, then joins schema, fields and columns choice', async () => {
    const { last, changes, problems } = renderDesigner(emptyDefinition('common', 'thing'));
    fireEvent.click(screen.getByRole('button', { name: 'افزودن فیلد' }));
    const table = screen.getByRole('table', { name: 'فیلدها' });
    expect(within(table).getAllByRole('alert')[0]!.textContent).toBe('برچسب فارسی لازم است.');
    expect(changes).toHaveLength(0);
    await waitFor(() => expect([...problems.values()]).toContain(true));
    fireEvent.change(within(table).getByLabelText('نام فیلد ۲'), { target: { value: 'price' } });
    fireEvent.change(within(table).getByLabelText('نوع ۲'), { target: { value: 'integer' } });
    fireEvent.click(within(table).getByLabelText('مبلغ (ریال) ۲'));
    fireEvent.change(within(table).getByLabelText('برچسب فارسی ۲'), { target: { value: 'قیمت' } });
    await waitFor(() => expect(last().schema.properties.price).toEqual({ type: 'integer' }));
    expect(last().fields.price).toMatchObject({ label: { fa: 'قیمت' }, money: true });
    await waitFor(() => expect([...problems.values()].every((p) => !p)).toBe(true));
    // the grid columns offer the new field
    fireEvent.click(screen.getByRole('checkbox', { name: 'قیمت' }));
    await waitFor(() => expect(last().list.columns).toEqual(['title', 'price']));
  });

  it('edits a numbering series: its pattern and when it numbers', async () => {
    const start: EntityDefinition = {
      ...emptyDefinition('common', 'thing'),
      numbering: { field: 'title', pattern: 'T-{counter:4}', on: 'create' },
    };
    const { last } = renderDesigner(start);
    const pattern = screen.getByLabelText<HTMLInputElement>(/^الگو \(مثلاً/);
    // shown with Persian digits, as every text input shows them; stored with Latin ones
    expect(pattern.value).toBe('T-{counter:۴}');
    fireEvent.change(pattern, { target: { value: 'TH-{year}-{counter:6}' } });
    await waitFor(() => expect(last().numbering?.pattern).toBe('TH-{year}-{counter:6}'));
    const on = screen.getByLabelText<HTMLSelectElement>(/^زمان شماره‌گذاری/);
    const finalise = [...on.options].find((o) => o.textContent === 'هنگام قطعی کردن')!;
    fireEvent.change(on, { target: { value: finalise.value } });
    await waitFor(() =>
      expect(last().numbering).toEqual({ field: 'title', pattern: 'TH-{year}-{counter:6}', on: 'finalise' }),
    );
  });

  it('a computed field is written as a formula: a problem is shown at its position and blocks the change', async () => {
    const { problems, last, changes } = renderDesigner(emptyDefinition('common', 'thing'));
    fireEvent.click(screen.getByRole('button', { name: 'افزودن فیلد محاسباتی' }));
    fireEvent.change(screen.getByLabelText(/^فیلد محاسباتی ۱/), { target: { value: 'title' } });
    const formula = screen.getByRole('combobox', { name: /^فرمول ۱/ });
    fireEvent.change(formula, { target: { value: 'پیوند(«الف»، عنوان' } });
    expect(await screen.findByText(/فرمول ناتمام است/)).toBeTruthy();
    expect(screen.getByText(/در نویسهٔ ۱۹/)).toBeTruthy();
    expect([...problems.values()]).toContain(true);
    expect(changes).toHaveLength(0);
    fireEvent.change(formula, { target: { value: 'پیوند(«الف»، عنوان)' } });
    await waitFor(() =>
      expect(last().rules).toEqual({ computed: { title: { cat: ['الف', { var: 'title' }] } } }),
    );
    expect([...problems.values()].every((p) => !p)).toBe(true);
  });
});
