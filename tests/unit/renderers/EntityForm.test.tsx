import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../runtime/http/ApiError';
import { failure } from '../../../runtime/shared/envelope';
import { customer } from './defs';
import { setupI18n } from '../support/i18n';
import { renderForm } from './renderForm';
import { serverKey, serverText } from '../../support/messages';

// Fluent + RJSF in jsdom are slow on a loaded 2-core machine; user-event typing adds up.
vi.setConfig({ testTimeout: 20_000 });

beforeAll(setupI18n);
afterEach(cleanup);

const save = () => screen.getByRole('button', { name: 'ذخیره' });

describe('EntityForm', () => {
  it('labels every input with the field label and leaves out system fields', () => {
    renderForm(customer);
    for (const label of [
      'کد مشتری',
      'نام',
      'نوع',
      'کد ملی',
      'تلفن همراه',
      'شهر',
      'سقف اعتبار (ریال)',
      'تاریخ ثبت',
      'فعال',
      'نشانی',
    ])
      expect(screen.getByLabelText(new RegExp(`^${label.replace(/[()]/g, '\\$&')}`))).toBeTruthy();
    expect(screen.queryByLabelText(/version|id/)).toBeNull();
  });

  it('shows a Persian required message inline and keeps what was typed', async () => {
    const { user, saved } = renderForm(customer);
    await user.type(screen.getByLabelText(/^نام/), 'شرکت نمونه');
    await user.type(screen.getByLabelText('شهر'), 'تهران');
    await user.click(save());
    // the code, and the national code of a natural person (the default type)
    expect(await screen.findAllByText('این فیلد الزامی است.')).toHaveLength(2);
    expect(saved).toHaveLength(0);
    expect(screen.getByLabelText(/^نام/)).toHaveProperty('value', 'شرکت نمونه');
    expect(screen.getByLabelText('شهر')).toHaveProperty('value', 'تهران');
    expect(screen.getByLabelText(/کد مشتری/).getAttribute('aria-invalid')).toBe('true');
  });

  it('validates live after the first submit', async () => {
    const { user } = renderForm(customer);
    await user.click(save());
    // code, name, and the national code of a natural person (the default type)
    expect(await screen.findAllByText('این فیلد الزامی است.')).toHaveLength(3);
    await user.type(screen.getByLabelText(/کد مشتری/), 'C1');
    await waitFor(() => expect(screen.getAllByText('این فیلد الزامی است.')).toHaveLength(2));
    await user.type(screen.getByLabelText(/^کد ملی/), '123');
    expect(await screen.findByText('کد ملی معتبر نیست.')).toBeTruthy();
  });

  it('shows serverErrors inline under their fields', () => {
    renderForm(customer, {
      values: { code: 'C1', name: 'نام', customerType: 'person' },
      serverErrors: [{ FieldName: 'code', ...serverText('این کد تکراری است.') }],
    });
    const message = screen.getByText('این کد تکراری است.');
    const field = screen.getByLabelText(/کد مشتری/);
    expect(field.getAttribute('aria-describedby')).toContain(message.id);
  });

  it('puts the field messages of a 417 answer inline and keeps the values', async () => {
    const envelope = failure(
      [serverKey('errors.YouHaveNotEnteredValuesCorrectly', {}, 'مقادیر نادرست است.')],
      [{ FieldName: 'mobile', ...serverKey('validation.format.ir-mobile') }],
    );
    const { user } = renderForm(customer, {
      onSave: () => Promise.reject(new ApiError(417, envelope)),
    });
    await user.type(screen.getByLabelText(/کد مشتری/), 'C1');
    await user.type(screen.getByLabelText(/^نام/), 'علی');
    await user.type(screen.getByLabelText(/^کد ملی/), '0499370899');
    await user.click(save());
    expect(await screen.findByText('شماره تلفن همراه معتبر نیست (مانند ۰۹۱۲۱۲۳۴۵۶۷).')).toBeTruthy();
    expect(screen.getByLabelText(/کد مشتری/)).toHaveProperty('value', 'C۱'); // shown in Persian digits under fa (#22)
  });

  it('sends text as typed and saves with Ctrl+S', async () => {
    const { user, saved } = renderForm(customer);
    await user.type(screen.getByLabelText(/کد مشتری/), 'C9');
    await user.type(screen.getByLabelText(/^نام/), 'كريم ۱۲');
    await user.type(screen.getByLabelText(/^کد ملی/), '0499370899');
    fireEvent.keyDown(document, { key: 's', ctrlKey: true });
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ code: 'C9', name: 'كريم ۱۲', customerType: 'person', active: true });
  });

  it('reports dirtiness for the unsaved-changes guard', async () => {
    const changes: boolean[] = [];
    const { user } = renderForm(customer, { onDirtyChange: (d) => changes.push(d) });
    // a typed key reaches the form after its frame is painted (widgets/draft.ts)
    await user.type(screen.getByLabelText('شهر'), 'ق');
    await waitFor(() => expect(changes).toEqual([true]));
    await user.clear(screen.getByLabelText('شهر'));
    await waitFor(() => expect(changes).toEqual([true, false]));
  });

  it('is read-only without a save button in view mode', () => {
    renderForm(customer, { readOnly: true, values: { code: 'C1', name: 'نام', customerType: 'person' } });
    expect(screen.queryByRole('button', { name: 'ذخیره' })).toBeNull();
    expect(screen.getByLabelText(/کد مشتری/)).toHaveProperty('readOnly', true);
  });
});

describe('EntityForm validates values as the pipeline will send them', () => {
  it('accepts Persian digits in a code whose pattern is Western digits', async () => {
    const { user, saved } = renderForm(customer);
    await user.type(screen.getByLabelText(/کد مشتری/), '۹۹۰۱');
    await user.type(screen.getByLabelText(/^نام/), 'مریم');
    await user.type(screen.getByLabelText(/^کد ملی/), '0499370899');
    await user.click(save());
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.code).toBe('۹۹۰۱'); // sent as typed; the pipeline normalises it
  });

  it('shows a wrong national code once, inline, after submit', async () => {
    const { user } = renderForm(customer);
    await user.type(screen.getByLabelText(/^کد ملی/), '۱۲۳۴۵۶۷۸۹۰');
    expect(screen.getAllByText('کد ملی معتبر نیست.')).toHaveLength(1); // live checksum feedback
    await user.click(save());
    await waitFor(() => expect(screen.getByLabelText(/^کد ملی/).getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText('کد ملی معتبر نیست.')).toHaveLength(1);
  });
});
