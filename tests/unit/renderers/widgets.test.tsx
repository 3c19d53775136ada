import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { customer, vendor } from './defs';
import { setupI18n } from '../support/i18n';
import { renderForm } from './renderForm';

// Fluent + RJSF in jsdom are slow on a loaded 2-core machine; user-event typing adds up.
vi.setConfig({ testTimeout: 20_000 });

beforeAll(setupI18n);
afterEach(cleanup);

const save = () => screen.getByRole('button', { name: 'ذخیره' });

async function fillRequired(user: ReturnType<typeof renderForm>['user']) {
  await user.type(screen.getByLabelText(/کد مشتری/), 'C-1');
  await user.type(screen.getByLabelText(/^نام/), 'آزمون');
  // a natural person (the default type) needs her national code (schemas/sales/customer.json)
  await user.type(screen.getByLabelText(/^کد ملی/), '0499370899');
}

describe('money widget', () => {
  it('shows separators in Persian digits and stores an integer from Persian digits', async () => {
    const { user, saved } = renderForm(customer);
    await fillRequired(user);
    const money = screen.getByLabelText('سقف اعتبار (ریال)');
    await user.type(money, '۱۲۳۴۵');
    expect(money).toHaveProperty('value', '۱۲٬۳۴۵');
    await user.click(save());
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.creditLimit).toBe(12345);
  });

  it('shows a stored amount formatted', () => {
    renderForm(customer, {
      values: { code: 'C1', name: 'نام', customerType: 'person', creditLimit: 2500000 },
    });
    expect(screen.getByLabelText('سقف اعتبار (ریال)')).toHaveProperty('value', '۲٬۵۰۰٬۰۰۰');
  });
});

describe('jalaliDate widget', () => {
  it('stores typed Jalali as ISO Gregorian', async () => {
    const { user, saved } = renderForm(customer);
    await fillRequired(user);
    await user.type(screen.getByLabelText('تاریخ ثبت'), '۱۴۰۵/۰۹/۰۱');
    await user.click(save());
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.registeredOn).toBe('2026-11-22');
  });

  it('shows a stored ISO date back as Jalali with Persian digits', () => {
    renderForm(customer, {
      values: { code: 'C1', name: 'نام', customerType: 'person', registeredOn: '2025-03-21' },
    });
    expect(screen.getByLabelText('تاریخ ثبت')).toHaveProperty('value', '۱۴۰۴/۰۱/۰۱');
  });

  it('picks a day from the Jalali calendar', async () => {
    const { user, saved } = renderForm(customer);
    await fillRequired(user);
    const input = screen.getByLabelText('تاریخ ثبت');
    await user.type(input, '۱۴۰۵/۰۹/۰۱');
    await user.click(screen.getByRole('button', { name: 'انتخاب از تقویم' }));
    expect(await screen.findByText('آذر ۱۴۰۵')).toBeTruthy();
    // jsdom cannot position the popover, so Fluent keeps it visibility:hidden there (hidden: true).
    await user.click(screen.getByRole('button', { name: '۱۴', hidden: true }));
    expect(input).toHaveProperty('value', '۱۴۰۵/۰۹/۱۴');
    await waitFor(() => expect(screen.queryByText('آذر ۱۴۰۵')).toBeNull());
    // opened again (its popover is kept from the first opening): Escape closes it, the focus is back
    const button = screen.getByRole('button', { name: 'انتخاب از تقویم' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await user.click(button);
    expect(await screen.findByText('آذر ۱۴۰۵')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'انتخاب از تقویم' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByText('آذر ۱۴۰۵')).toBeNull());
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'انتخاب از تقویم' })),
    );
    await user.click(save());
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.registeredOn).toBe('2026-12-05');
  });

  it('refuses an impossible date and keeps the text', async () => {
    const { user, saved } = renderForm(customer);
    await fillRequired(user);
    const input = screen.getByLabelText('تاریخ ثبت');
    await user.type(input, '1404/12/30'); // 1404 is not a leap year
    await user.click(save());
    expect(await screen.findByText('تاریخ معتبر نیست.')).toBeTruthy();
    expect(input).toHaveProperty('value', '1404/12/30');
    expect(saved).toHaveLength(0);
  });
});

describe('nationalCode and sheba widgets', () => {
  it('gives checksum feedback on a complete national code', async () => {
    const { user } = renderForm(customer);
    const input = screen.getByLabelText(/^کد ملی/);
    await user.type(input, '0013542418');
    expect(screen.getByRole('status').textContent).toBe('کد ملی معتبر نیست.');
    await user.clear(input);
    await user.type(input, '۰۰۱۳۵۴۲۴۱۹');
    expect(screen.getByRole('status').textContent).toBe('کد ملی معتبر است.');
  });

  it('gives checksum feedback on a Sheba number', async () => {
    const { user } = renderForm(vendor);
    const input = screen.getByLabelText('شماره شبا');
    await user.type(input, 'IR062960000000100324200002');
    expect(screen.getByRole('status').textContent).toBe('شماره شبا معتبر نیست.');
    await user.clear(input);
    await user.type(input, 'IR062960000000100324200001');
    expect(screen.getByRole('status').textContent).toBe('شماره شبا معتبر است.');
  });
});

describe('select widget', () => {
  it('shows enum labels and stores the enum value', async () => {
    const { user, saved } = renderForm(customer);
    await fillRequired(user);
    const select = screen.getByLabelText(/^نوع/);
    const labels = Array.from(select.querySelectorAll('option')).map((o) => o.textContent);
    expect(labels).toEqual(expect.arrayContaining(['حقیقی', 'حقوقی']));
    await user.selectOptions(select, 'حقوقی');
    // a company needs its national id (schemas/sales/customer.json)
    await user.type(screen.getByLabelText(/^شناسه ملی/), '10380284790');
    await user.click(save());
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.customerType).toBe('company');
  });
});

describe('number and checkbox widgets', () => {
  it('stores numbers typed in any digits, through the number widget or a text widget', async () => {
    const definition = structuredClone(customer);
    definition.schema.properties.weight = { type: 'number', minimum: 0 };
    definition.schema.properties.rank = { type: 'integer' };
    definition.fields.weight = { label: { fa: 'وزن' } };
    definition.fields.rank = { label: { fa: 'رتبه' } };
    definition.uiSchema = { ...definition.uiSchema, rank: { 'ui:widget': 'text' } };
    const { user, saved } = renderForm(definition);
    await fillRequired(user);
    await user.type(screen.getByLabelText('وزن'), '۱۲٫۵');
    await user.type(screen.getByLabelText('رتبه'), '۴۲');
    await user.click(save());
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.weight).toBe(12.5);
    expect(saved[0]?.rank).toBe(42);
  });

  it('stores a boolean from the switch and its default', async () => {
    const { user, saved } = renderForm(customer);
    await fillRequired(user);
    const active = screen.getByLabelText('فعال');
    expect(active).toHaveProperty('checked', true); // schema default
    await user.click(active);
    await user.click(save());
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.active).toBe(false);
  });
});
