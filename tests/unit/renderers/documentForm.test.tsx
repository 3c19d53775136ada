import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../runtime/http/ApiError';
import { failure } from '../../../runtime/shared/envelope';
import { invoice, voucher } from './defs';
import { setupFormDom } from '../support/formDom';
import { renderForm } from './renderForm';
import { serverKey, serverText } from '../../support/messages';

// Fluent + RJSF + AG Grid in jsdom are slow on a loaded 2-core machine.
vi.setConfig({ testTimeout: 60_000 });

beforeAll(setupFormDom);
afterEach(cleanup);

const save = () => screen.getByRole('button', { name: 'ذخیره' });

const invoiceValues = {
  number: 'F-1',
  customer: 3,
  date: '2026-11-22',
  lines: [
    { item: 'پیچ', quantity: 2, unitPrice: 1000, amount: 2000 },
    { item: 'مهره', quantity: 1.5, unitPrice: 333 },
  ],
};

const customerClient = {
  getList: vi.fn(async () => ({ rows: [], lastRow: 0 })),
  get: vi.fn(async (id: number) => ({ id, version: 1, name: `مشتری ${id}` })),
  create: vi.fn(),
  update: vi.fn(),
  delete: vi.fn(),
  export: vi.fn(),
};
const clientFor = () => customerClient;

describe('document form (lines and rules)', () => {
  it('shows the computed total from the lines (line amounts recomputed) in Persian digits', async () => {
    renderForm(invoice, { values: invoiceValues, clientFor });
    // 2 × 1000 + round(1.5 × 333 = 499.5) = 2000 + 500
    expect(screen.getByLabelText(/جمع \(ریال\)/)).toHaveProperty('value', '۲٬۵۰۰');
    expect(screen.getByLabelText(/جمع \(ریال\)/)).toHaveProperty('readOnly', true);
    expect(screen.getByRole('button', { name: 'افزودن سطر' })).toBeTruthy();
  });

  it('sends the lines with their computed amounts beside the fields', async () => {
    const { user, saved } = renderForm(invoice, { values: invoiceValues, clientFor });
    await user.click(save());
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ number: 'F-1', customer: 3, total: 2500 });
    expect(saved[0]?.lines).toEqual([
      { item: 'پیچ', quantity: 2, unitPrice: 1000, amount: 2000 },
      { item: 'مهره', quantity: 1.5, unitPrice: 333, amount: 500 },
    ]);
  });

  it('refuses to save an unbalanced voucher and says why, keeping the values', async () => {
    const values = {
      number: 'V-1',
      date: '2026-11-22',
      description: 'سند آزمایشی',
      lines: [
        { account: '1101', debit: 100, credit: 0 },
        { account: '2101', debit: 0, credit: 50 },
      ],
    };
    const { user, saved } = renderForm(voucher, { values });
    expect(screen.getByLabelText('جمع بدهکار')).toHaveProperty('value', '۱۰۰');
    expect(screen.getByLabelText('جمع بستانکار')).toHaveProperty('value', '۵۰');
    await user.click(save());
    // once (under the lines, naming the row), with the difference in Persian digits
    const message = 'جمع بدهکار و بستانکار سند برابر نیست؛ اختلاف ۵۰ ریال';
    expect(await screen.findAllByText(new RegExp(message))).toHaveLength(1);
    expect(saved).toHaveLength(0);
    expect(screen.getByLabelText(/شرح/)).toHaveProperty('value', 'سند آزمایشی');
    // the rule blames the last line's amount: that cell is marked, as the server would mark it
    await waitFor(() =>
      expect(document.querySelector(`[aria-description="${message}"]`)?.textContent).toBe('۵۰'),
    );
  });

  it('says a table needs more lines (minItems) and does not save', async () => {
    const { user, saved } = renderForm(invoice, {
      values: { number: 'F-2', customer: 3, date: '2026-11-22' },
      clientFor,
    });
    await user.click(save());
    expect(await screen.findByText('«اقلام» دست‌کم ۱ سطر لازم دارد.')).toBeTruthy();
    expect(saved).toHaveLength(0);
  });

  it('lists server cell errors by line and field, business errors, and keeps what was typed', async () => {
    const answer = failure(
      [serverKey('errors.YouHaveNotEnteredValuesCorrectly')],
      [{ FieldName: 'number', ...serverText('شماره تکراری است') }],
      [{ TableName: 'lines', RowIndex: 1, FieldName: 'unitPrice', ...serverText('فی مجاز نیست') }],
      { BusinessErrors: ['دوره مالی بسته است'] },
    );
    const onSave = vi.fn(async () => {
      throw new ApiError(417, answer);
    });
    const { user } = renderForm(invoice, { values: invoiceValues, clientFor, onSave });
    await user.click(save());
    expect(await screen.findByText('سطر ۲، فی (ریال): فی مجاز نیست')).toBeTruthy();
    expect(screen.getByText('دوره مالی بسته است')).toBeTruthy();
    // The offending cell itself carries the message (AG Grid renders the first rows in jsdom).
    await waitFor(() =>
      expect(document.querySelector('[aria-description="فی مجاز نیست"]')?.textContent).toBe('۳۳۳'),
    );
    expect(document.querySelector('.erp-line-cell-error [aria-description]')).toBeTruthy();
    expect(screen.getByText('شماره تکراری است')).toBeTruthy();
    expect(screen.getByLabelText(/شماره فاکتور/)).toHaveProperty('value', 'F-۱'); // shown in Persian digits under fa (#22)
    expect(screen.getByLabelText(/جمع \(ریال\)/)).toHaveProperty('value', '۲٬۵۰۰');
  });
});
