/**
 * The designer's automations tab (renderers/designer/AutomationsEditor.tsx): the shipped invoice
 * automation shown by labels; a new automation built with the keyboard-usable controls reaches the
 * definition only once it is whole, its problems shown in Persian next to it meanwhile.
 */
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AutomationsEditor } from '../../../renderers/designer/AutomationsEditor';
import type { AutomationChoices } from '../../../runtime/shared/automationCheck';
import type { EntityDefinition } from '../../../runtime/shared/definition';
import { setupI18n } from '../support/i18n';

vi.setConfig({ testTimeout: 30_000 });
beforeAll(setupI18n);
afterEach(cleanup);

const invoice = JSON.parse(readFileSync('schemas/sales/invoice.json', 'utf8')) as EntityDefinition;
const choices: AutomationChoices = {
  roles: [
    { key: 'admin', label: { fa: 'مدیر', en: 'Admin' } },
    { key: 'staff', label: { fa: 'کارمندان', en: 'Staff' } },
  ],
  users: [{ username: 'staff', name: 'کارمند نمونه' }],
  endpoints: ['erp-events'],
};

function renderTab(start: EntityDefinition) {
  const changes: EntityDefinition[] = [];
  const problems = new Map<string, boolean>();
  function Host() {
    const [def, setDef] = useState(start);
    return (
      <AutomationsEditor
        id="auto"
        definition={def}
        lang="fa"
        choices={choices}
        entities={[{ key: 'sales.invoice', title: 'فاکتور فروش' }]}
        definitionOf={() => Promise.resolve(undefined)}
        endpointsBefore={new Set()}
        refused={[]}
        onChange={(next) => {
          changes.push(next);
          setDef(next);
        }}
        onProblem={(id, p) => problems.set(id, p)}
      />
    );
  }
  render(
    <FluentProvider theme={webLightTheme} dir="rtl">
      <Host />
    </FluentProvider>,
  );
  return { changes, problems };
}

describe('the automations tab', () => {
  it('shows the shipped automation by labels, without problems', () => {
    const { problems } = renderTab(invoice);
    const card = screen.getByRole('group', { name: 'اتوماسیون largeInvoiceFinalised' });
    expect(within(card).getByRole('combobox', { name: 'رویداد' })).toHaveProperty('value', 'finalised');
    const when = within(card).getByRole('combobox', { name: 'شرط (خالی: همیشه)' }) as HTMLInputElement;
    expect(when.value).toBe(`[${invoice.fields.grandTotal!.label.fa}] > ۲۰۰۰۰۰۰۰۰۰`);
    const notify = within(card).getByRole('group', { name: 'کار ۱: فرستادن اعلان' });
    const role = within(notify).getByRole('combobox', { name: 'نقش (کار ۱)' }) as HTMLSelectElement;
    expect(role.selectedOptions[0]!.textContent).toBe('مدیر');
    const text = within(notify).getByRole('textbox', { name: 'متن فارسی اعلان (کار ۱)' }) as HTMLInputElement;
    expect(text.value).toContain(`{${invoice.fields.grandTotal!.label.fa}}`);
    expect(within(card).queryByRole('alert')).toBeNull();
    expect(problems.get('auto')).toBe(false);
  });

  it('a new automation reaches the definition once whole; its problems show in Persian meanwhile', () => {
    const { changes, problems } = renderTab({ ...invoice, automations: undefined });
    fireEvent.click(screen.getByRole('button', { name: 'افزودن اتوماسیون' }));
    const card = screen.getByRole('group', { name: 'اتوماسیون automation1' });
    expect(within(card).getByRole('alert').textContent).toContain('دست‌کم یک کار بیفزایید.');
    expect(problems.get('auto')).toBe(true);
    expect(changes).toHaveLength(0);
    fireEvent.change(within(card).getByRole('combobox', { name: 'شرط (خالی: همیشه)' }), {
      target: { value: `[${invoice.fields.grandTotal!.label.fa}] > ۱۰۰۰` },
    });
    fireEvent.click(within(card).getByRole('button', { name: 'افزودن کار' }));
    const action = within(card).getByRole('group', { name: 'کار ۱: فرستادن اعلان' });
    expect(within(action).getByRole('alert').textContent).toContain('نقش گیرندهٔ اعلان را برگزینید.');
    fireEvent.change(within(action).getByRole('combobox', { name: 'نقش (کار ۱)' }), {
      target: { value: 'staff' },
    });
    fireEvent.change(within(action).getByRole('textbox', { name: 'متن فارسی اعلان (کار ۱)' }), {
      target: { value: 'فاکتور ' },
    });
    fireEvent.change(within(action).getByRole('combobox', { name: 'افزودن فیلد به متن فارسی' }), {
      target: { value: 'number' },
    });
    expect(within(card).queryByRole('alert')).toBeNull();
    expect(problems.get('auto')).toBe(false);
    expect(changes[changes.length - 1]!.automations).toEqual([
      {
        name: 'automation1',
        on: 'created',
        when: { '>': [{ var: 'grandTotal' }, 1000] },
        actions: [{ notify: { role: 'staff', text: { fa: 'فاکتور {number}' } } }],
      },
    ]);
    // webhook endpoints are offered by their names only
    fireEvent.change(within(card).getByRole('combobox', { name: 'نوع کار تازه' }), {
      target: { value: 'webhook' },
    });
    fireEvent.click(within(card).getByRole('button', { name: 'افزودن کار' }));
    const hook = within(card).getByRole('group', { name: 'کار ۲: فراخوانی وب‌هوک' });
    const endpoint = within(hook).getByRole('combobox', { name: 'نقطهٔ وب‌هوک (کار ۲)' }) as HTMLSelectElement;
    expect([...endpoint.options].map((o) => o.value)).toEqual(['', 'erp-events']);
  });
});
