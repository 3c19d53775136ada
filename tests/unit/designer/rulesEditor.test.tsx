import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { RulesEditor } from '../../../renderers/designer/RulesEditor';
import type { NameTable } from '../../../runtime/shared/formula';
import type { Expr, RuleSet } from '../../../runtime/shared/rules';
import { setupI18n } from '../support/i18n';

vi.setConfig({ testTimeout: 30_000 });
beforeAll(setupI18n);
afterEach(cleanup);

const names: NameTable = {
  fields: [
    { key: 'customerType', fa: 'نوع مشتری', en: 'Customer type' },
    { key: 'creditLimit', fa: 'سقف اعتبار', en: 'Credit limit' },
    { key: 'total', fa: 'جمع کل', en: 'Total' },
    { key: 'tax', fa: 'مالیات', en: 'Tax' },
  ],
  tables: [{ key: 'lines', fa: 'اقلام', en: 'Lines', fields: [{ key: 'amount', fa: 'مبلغ', en: 'Amount' }] }],
};

function renderEditor(start: RuleSet | undefined, defaults = false) {
  const changes: (RuleSet | undefined)[] = [];
  const problems = new Map<string, boolean>();
  function Host() {
    const [value, setValue] = useState(start);
    return (
      <RulesEditor
        id="rules"
        label="قواعد"
        value={value}
        names={names}
        lang="fa"
        onChange={(v) => {
          changes.push(v);
          setValue(v);
        }}
        onProblem={(id, p) => problems.set(id, p)}
        defaults={defaults}
      />
    );
  }
  render(
    <FluentProvider theme={webLightTheme} dir="rtl">
      <Host />
    </FluentProvider>,
  );
  return { changes, problems, last: () => changes[changes.length - 1] };
}

const sumOfAmounts: Expr = {
  reduce: [{ var: 'lines' }, { '+': [{ var: 'accumulator' }, { var: 'current.amount' }] }, 0],
};

describe('the rules editor writes formulas', () => {
  it('shows a definition’s rules as formulas in Persian, or with technical names', () => {
    renderEditor({
      computed: { total: sumOfAmounts },
      conditions: { creditLimit: { visible: { '==': [{ var: 'customerType' }, 'legal'] } } },
    });
    const total = screen.getByRole<HTMLInputElement>('combobox', { name: /^فرمول ۱/ });
    expect(total.value).toBe('جمع(اقلام.مبلغ)');
    const when = screen.getByRole<HTMLInputElement>('combobox', { name: /^هنگامی که ۱/ });
    expect(when.value).toBe('[نوع مشتری] = «legal»');
    fireEvent.click(screen.getByRole('switch', { name: 'نام‌های فنی' }));
    expect(total.value).toBe('sum(lines.amount)');
    expect(when.value).toBe('customerType = "legal"');
    fireEvent.click(screen.getByRole('switch', { name: 'نمایش شکل فنی قواعد' }));
    const json = screen.getByLabelText<HTMLTextAreaElement>(/^شکل فنی قواعد/);
    expect(JSON.parse(json.value)).toEqual({
      computed: { total: sumOfAmounts },
      conditions: { creditLimit: { visible: { '==': [{ var: 'customerType' }, 'legal'] } } },
    });
    expect(json.readOnly).toBe(true);
  });

  it('completes names at the caret with the keyboard and compiles the formula', async () => {
    const { last, problems } = renderEditor({ computed: { tax: 0 } });
    const input = screen.getByRole<HTMLInputElement>('combobox', { name: /^فرمول ۱/ });
    fireEvent.change(input, { target: { value: 'جمع(اق', selectionStart: 6 } });
    const list = await screen.findByRole('listbox');
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['اقلامlines']);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(input.value).toBe('جمع(اقلام');
    fireEvent.change(input, { target: { value: 'جمع(اقلام.', selectionStart: 10 } });
    const fields = await screen.findByRole('listbox');
    expect(within(fields).getAllByRole('option')[0]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input, { key: 'Tab' });
    expect(input.value).toBe('جمع(اقلام.مبلغ');
    expect(screen.getByText(/فرمول ناتمام است/)).toBeTruthy();
    expect(problems.get('rules')).toBe(true);
    fireEvent.change(input, { target: { value: 'جمع(اقلام.مبلغ) * ۰٫۰۹', selectionStart: 22 } });
    await waitFor(() => expect(last()).toEqual({ computed: { tax: { '*': [sumOfAmounts, 0.09] } } }));
    expect(problems.get('rules')).toBe(false);
  });

  it('marks the span of a problem and names what is wrong', () => {
    renderEditor({ computed: { tax: 0 } });
    const input = screen.getByRole('combobox', { name: /^فرمول ۱/ });
    fireEvent.change(input, { target: { value: '[جمع کل] * نرخ', selectionStart: 14 } });
    expect(screen.getByText(/فیلدی به نام «نرخ» نیست\. \(در نویسهٔ ۱۲\)/)).toBeTruthy();
    expect(document.querySelector('mark')!.textContent).toBe('نرخ');
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it('builds a condition from rows of field, operator and value', async () => {
    const { last } = renderEditor(undefined);
    fireEvent.click(screen.getByRole('button', { name: 'افزودن شرط' }));
    fireEvent.change(screen.getByLabelText(/^فیلد ۱/), { target: { value: 'creditLimit' } });
    fireEvent.change(screen.getByLabelText(/^حالت ۱/), { target: { value: 'required' } });
    fireEvent.click(screen.getByRole('button', { name: 'سازندهٔ شرط' }));
    const builder = screen.getByRole('group', { name: 'سازندهٔ شرط ۱' });
    fireEvent.click(within(builder).getByRole('button', { name: 'افزودن مقایسه' }));
    fireEvent.change(within(builder).getByLabelText(/^فیلد ۱/), { target: { value: 'customerType' } });
    fireEvent.change(within(builder).getByLabelText(/^مقدار ۱/), { target: { value: 'legal' } });
    fireEvent.click(within(builder).getByRole('button', { name: 'افزودن مقایسه' }));
    fireEvent.change(within(builder).getByLabelText(/^فیلد ۲/), { target: { value: 'total' } });
    fireEvent.change(within(builder).getByLabelText(/^عملگر ۲/), { target: { value: '>' } });
    fireEvent.change(within(builder).getByLabelText(/^مقدار ۲/), { target: { value: '۰' } });
    const formula = screen.getByRole<HTMLInputElement>('combobox', { name: /^هنگامی که ۱/ });
    expect(formula.value).toBe('[نوع مشتری] = «legal» و [جمع کل] > ۰');
    await waitFor(() =>
      expect(last()).toEqual({
        conditions: {
          creditLimit: {
            required: { and: [{ '==': [{ var: 'customerType' }, 'legal'] }, { '>': [{ var: 'total' }, 0] }] },
          },
        },
      }),
    );
  });
});

describe('default values and every part of a rule in words', () => {
  it('a default value is a field and a formula; today() is refused outside it', async () => {
    const { last, problems } = renderEditor({ computed: { tax: 0 } }, true);
    fireEvent.click(screen.getByRole('button', { name: 'افزودن مقدار پیش‌فرض' }));
    fireEvent.change(screen.getByLabelText(/^فیلد پیش‌فرض ۱/), { target: { value: 'creditLimit' } });
    const formula = screen.getByRole('combobox', { name: /^پیش‌فرض ۱/ });
    fireEvent.change(formula, { target: { value: 'اگر(امروز() > «2026»، ۱، ۲)', selectionStart: 5 } });
    await waitFor(() =>
      expect(last()).toEqual({
        computed: { tax: 0 },
        defaults: { creditLimit: { if: [{ '>': [{ today: [] }, '2026'] }, 1, 2] } },
      }),
    );
    const computed = screen.getByRole('combobox', { name: /^فرمول ۱/ });
    fireEvent.change(computed, { target: { value: 'امروز()', selectionStart: 7 } });
    expect(screen.getByText('امروز() فقط در مقدار پیش‌فرض به کار می‌رود.')).toBeTruthy();
    expect(problems.get('rules')).toBe(true);
  });

  it('a line table’s editor has no default values', () => {
    renderEditor(undefined);
    expect(screen.queryByRole('button', { name: 'افزودن مقدار پیش‌فرض' })).toBeNull();
  });

  it('a rule’s message values, blamed line cell and fields are edited as formulas and pickers', async () => {
    const { last } = renderEditor({
      rules: [
        {
          id: 'balanced',
          assert: { '==': [{ var: 'total' }, 0] },
          message: { fa: 'اختلاف {{difference}}' },
          params: { difference: { '-': [{ var: 'total' }, 1] } },
        },
      ],
    });
    const value = screen.getByRole<HTMLInputElement>('combobox', { name: /^مقدار difference/ });
    expect(value.value).toBe('[جمع کل] - ۱');
    fireEvent.change(value, { target: { value: '[جمع کل] * ۲', selectionStart: 12 } });
    fireEvent.click(screen.getByRole('checkbox', { name: /خطا روی خانه‌ای از سطرها/ }));
    fireEvent.change(screen.getByRole('combobox', { name: /^شمارهٔ سطر ۱/ }), {
      target: { value: 'تعداد(اقلام) - ۱', selectionStart: 16 },
    });
    fireEvent.change(screen.getByRole('combobox', { name: /^ستون ۱/ }), {
      target: { value: '«amount»', selectionStart: 8 },
    });
    const fields = screen.getByRole('group', { name: 'پیام کنار فیلدهای ۱' });
    fireEvent.click(within(fields).getByRole('checkbox', { name: 'جمع کل' }));
    await waitFor(() =>
      expect(last()).toEqual({
        rules: [
          {
            id: 'balanced',
            assert: { '==': [{ var: 'total' }, 0] },
            message: { fa: 'اختلاف {{difference}}' },
            params: { difference: { '*': [{ var: 'total' }, 2] } },
            line: {
              table: 'lines',
              index: { '-': [{ reduce: [{ var: 'lines' }, { '+': [{ var: 'accumulator' }, 1] }, 0] }, 1] },
              field: 'amount',
            },
            fields: ['total'],
          },
        ],
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'حذف مقدار difference' }));
    await waitFor(() => expect(last()!.rules![0]!.params).toBeUndefined());
  });
});
