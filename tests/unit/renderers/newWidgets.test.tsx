import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { EntityDefinition } from '../../../runtime/shared/definition';
import { invoice } from './defs';
import { setupFormDom } from '../support/formDom';
import { renderForm } from './renderForm';

vi.setConfig({ testTimeout: 60_000 });

beforeAll(setupFormDom);
afterEach(cleanup);

const save = () => screen.getByRole('button', { name: 'ذخیره' });

const people = [
  { id: 3, version: 1, name: 'شرکت آلفا' },
  { id: 4, version: 1, name: 'شرکت بتا' },
];

function customerClient() {
  return {
    getList: vi.fn(async () => ({ rows: people, lastRow: 2 })),
    get: vi.fn(async (id: number) => people.find((p) => p.id === id)!),
    create: vi.fn(),
    update: vi.fn(),
    delete: vi.fn(),
    export: vi.fn(),
  };
}

describe('lookup widget', () => {
  it('shows the display text of the stored id (Get on the looked-up entity)', async () => {
    const client = customerClient();
    const asked: string[] = [];
    renderForm(invoice, {
      values: { number: 'F-1', customer: 4, date: '2026-11-22' },
      clientFor: (key) => (asked.push(key), client),
    });
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: /مشتری/ })).toHaveProperty('value', 'شرکت بتا'),
    );
    expect(client.get).toHaveBeenCalledWith(4);
    expect(asked).toContain('sales.customer');
  });

  it('searches as the user types (in the name and code) and stores the chosen id', async () => {
    const client = customerClient();
    const { user, saved } = renderForm(invoice, {
      values: { number: 'F-1', date: '2026-11-22', lines: [{ item: 'x', quantity: 1, unitPrice: 1 }] },
      clientFor: () => client,
    });
    const box = screen.getByRole('combobox', { name: /مشتری/ });
    await user.type(box, 'آلف');
    await waitFor(() =>
      expect(client.getList).toHaveBeenLastCalledWith({
        startRow: 0,
        endRow: 20,
        sortModel: [{ colId: 'name', sort: 'asc' }],
        search: { text: 'آلف', fields: ['name', 'code'] },
      }),
    );
    await user.click(await screen.findByRole('option', { name: 'شرکت آلفا' }));
    expect(box).toHaveProperty('value', 'شرکت آلفا');
    await user.click(save());
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.customer).toBe(3);
  });
});

const misc: EntityDefinition = {
  name: 'misc',
  module: 'test',
  title: { fa: 'آزمون' },
  displayField: 'title',
  schema: {
    type: 'object',
    properties: {
      title: { type: 'string' },
      period: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}/\\d{4}-\\d{2}-\\d{2}$' },
      kind: { type: 'string', enum: ['a', 'b'] },
      note: { type: 'string' },
      qty: { type: 'integer' },
      double: { type: 'integer' },
    },
  },
  fields: {
    title: { label: { fa: 'عنوان' } },
    period: { label: { fa: 'دوره' } },
    kind: { label: { fa: 'نوع' }, enumLabels: { a: { fa: 'الف' }, b: { fa: 'ب' } } },
    note: { label: { fa: 'توضیح' } },
    qty: { label: { fa: 'تعداد' } },
    double: { label: { fa: 'دو برابر' } },
  },
  uiSchema: { title: { 'ui:widget': 'persianText' }, period: { 'ui:widget': 'jalaliDateRange' } },
  list: { columns: ['title'] },
  rules: {
    computed: { double: { '*': [{ var: 'qty' }, 2] } },
    conditions: {
      note: { visible: { '==': [{ var: 'kind' }, 'b'] }, required: { '==': [{ var: 'kind' }, 'b'] } },
    },
    rules: [
      {
        id: 'small',
        assert: { or: [{ '!': [{ var: 'qty' }] }, { '<': [{ var: 'double' }, 100] }] },
        message: { fa: 'خیلی زیاد است' },
        fields: ['qty'],
      },
    ],
  },
};

describe('persianText and jalaliDateRange widgets', () => {
  it('types Persian right to left and stores a Jalali range as an ISO interval', async () => {
    const { user, saved } = renderForm(misc);
    const title = screen.getByLabelText('عنوان');
    expect(title.getAttribute('dir')).toBe('rtl');
    await user.type(title, 'سلام');
    await user.type(screen.getByRole('textbox', { name: 'از تاریخ' }), '۱۴۰۵/۰۱/۰۱');
    await user.type(screen.getByRole('textbox', { name: 'تا تاریخ' }), '1405/12/29');
    await user.click(save());
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ title: 'سلام', period: '2026-03-21/2027-03-20' });
  });

  it('shows a stored range back in Jalali', () => {
    renderForm(misc, { values: { period: '2026-03-21/2026-04-20' } });
    expect(screen.getByRole('textbox', { name: 'از تاریخ' })).toHaveProperty('value', '۱۴۰۵/۰۱/۰۱');
    expect(screen.getByRole('textbox', { name: 'تا تاریخ' })).toHaveProperty('value', '۱۴۰۵/۰۱/۳۱');
  });
});

describe('document rules in the form', () => {
  it('recomputes, shows conditional fields as required, and blocks a broken rule inline', async () => {
    const { user, saved } = renderForm(misc);
    expect(screen.queryByLabelText(/توضیح/)).toBeNull();
    await user.type(screen.getByLabelText('تعداد'), '۶۰');
    // the computed field follows the typed one once the form has taken the key (widgets/draft.ts)
    await waitFor(() => expect(screen.getByLabelText('دو برابر')).toHaveProperty('value', '۱۲۰'));
    expect(screen.getByLabelText('دو برابر')).toHaveProperty('readOnly', true);
    fireEvent.change(screen.getByLabelText('نوع'), { target: { value: '1' } });
    expect(await screen.findByLabelText(/توضیح/)).toBeTruthy();
    await user.click(save());
    expect(await screen.findByText('خیلی زیاد است')).toBeTruthy();
    expect(screen.getByText('این فیلد الزامی است.')).toBeTruthy();
    expect(saved).toHaveLength(0);
    await user.clear(screen.getByLabelText('تعداد'));
    await user.type(screen.getByLabelText('تعداد'), '5');
    await user.type(screen.getByLabelText(/توضیح/), 'متن');
    await user.click(save());
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ qty: 5, double: 10, kind: 'b', note: 'متن' });
  });
});

/** The invoice form with one line (2 × 10). */
function renderInvoice(number: string) {
  return renderForm(invoice, {
    values: { number, customer: 3, date: '2026-11-22', lines: [{ item: 'x', quantity: 2, unitPrice: 10 }] },
    clientFor: () => customerClient(),
  });
}

/** Double-clicks the first line's cell of `column` and answers its editor's input. */
async function openCellEditor(user: ReturnType<typeof renderForm>['user'], column: string) {
  const cell = await waitFor(() => {
    const el = document.querySelector(`[row-index="0"] [col-id="${column}"]`);
    expect(el).toBeTruthy();
    return el as HTMLElement;
  });
  await user.dblClick(cell);
  return waitFor(() => {
    const input = cell.querySelector('input');
    expect(input).toBeTruthy();
    return input as HTMLInputElement;
  });
}

describe('lines grid', () => {
  it('edits a cell: amount and the document total are recomputed; Add line adds a row', async () => {
    const { user, saved } = renderInvoice('F-1');
    expect(screen.getByLabelText(/جمع \(ریال\)/)).toHaveProperty('value', '۲۰');
    const editor = await openCellEditor(user, 'unitPrice');
    await user.clear(editor);
    await user.type(editor, '۱٬۵۰۰{Enter}');
    await waitFor(() => expect(screen.getByLabelText(/جمع \(ریال\)/)).toHaveProperty('value', '۳٬۰۰۰'));
    expect(saved).toHaveLength(0); // Enter in a cell does not submit the form
    expect(document.querySelector('[row-index="0"] [col-id="amount"]')?.textContent).toBe('۳٬۰۰۰');
    await user.click(screen.getByRole('button', { name: 'افزودن سطر' }));
    await waitFor(() => expect(document.querySelector('[row-index="1"]')).toBeTruthy());
    await user.click(save());
    await waitFor(() => expect(saved).toHaveLength(1));
    // The added blank line is not sent.
    expect(saved[0]?.lines).toEqual([{ item: 'x', quantity: 2, unitPrice: 1500, amount: 3000 }]);
    expect(saved[0]?.total).toBe(3000);
  });
});

describe('lines grid and the form', () => {
  it('saves a committed cell and its totals right after Enter', async () => {
    const { user, saved } = renderInvoice('F-2');
    const editor = await openCellEditor(user, 'quantity');
    await user.clear(editor);
    await user.type(editor, '۷{Enter}');
    // the form takes the lines after the grid's frame; a save in the same moment reads them itself
    fireEvent.click(save());
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.lines).toEqual([{ item: 'x', quantity: 7, unitPrice: 10, amount: 70 }]);
    expect(saved[0]?.total).toBe(70);
    await waitFor(() => expect(screen.getByLabelText(/جمع \(ریال\)/)).toHaveProperty('value', '۷۰'));
  });
});

describe('lines grid and Ctrl+S', () => {
  it('saves with Ctrl+S while a cell is being edited, taking the typed cell value', async () => {
    const { user, saved } = renderInvoice('F-1');
    const editor = await openCellEditor(user, 'quantity');
    await user.clear(editor);
    await user.type(editor, '۳');
    await user.keyboard('{Control>}s{/Control}');
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.lines).toEqual([{ item: 'x', quantity: 3, unitPrice: 10, amount: 30 }]);
    expect(saved[0]?.total).toBe(30);
  });
});
