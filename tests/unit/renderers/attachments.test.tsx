import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AttachmentsClient } from '../../../runtime/entity/attachments';
import {
  ATTACHMENT_MAX_BYTES,
  formatAttachmentIds,
  parseAttachmentIds,
  type AttachmentInfo,
} from '../../../runtime/shared/attachments';
import { customer } from './defs';
import { setupFormDom } from '../support/formDom';
import { renderForm } from './renderForm';

vi.setConfig({ testTimeout: 60_000 });

beforeAll(setupFormDom);
afterEach(cleanup);

const file = (id: number, name: string, size = 2048): AttachmentInfo => ({
  id,
  name,
  size,
  mime: 'application/pdf',
  sha256: 'ab'.repeat(32),
  createdAt: '2026-11-22T00:00:00.000Z',
});
const stored = [file(3, 'قرارداد.pdf', 5000), file(7, 'کارت ملی.jpg')];

function fakeClient() {
  let next = 20;
  const client = {
    list: vi.fn(async (ids: number[]) => stored.filter((f) => ids.includes(f.id))),
    upload: vi.fn(async (f: File) => file(next++, f.name, f.size)),
    download: vi.fn(async () => new Blob(['x'])),
  } satisfies AttachmentsClient;
  const fields: string[] = [];
  return { client, fields, factory: (_e: unknown, field: string) => (fields.push(field), client) };
}

// a company carries its national id (schemas/sales/customer.json requires it)
const values = { code: 'C-1', name: 'شرکت آلفا', customerType: 'company', nationalId: '10380284790' };
const save = () => screen.getByRole('button', { name: 'ذخیره' });
const group = () => screen.getByRole('group', { name: /مدارک/ });

describe('attachment ids of a field', () => {
  it('parses and formats the comma-separated list', () => {
    expect(parseAttachmentIds('3, 7,3,x,0')).toEqual([3, 7]);
    expect(parseAttachmentIds(undefined)).toEqual([]);
    expect(formatAttachmentIds([3, 7, 3])).toBe('3,7');
  });
});

describe('attachments widget (sales.customer documents)', () => {
  it('lists the stored files by name and size in Persian digits; unknown ids say so; downloads one', async () => {
    const { client, fields, factory } = fakeClient();
    const created: Blob[] = [];
    URL.createObjectURL = vi.fn((b: Blob) => (created.push(b), 'blob:x'));
    URL.revokeObjectURL = vi.fn();
    const { user } = renderForm(customer, {
      values: { ...values, documents: '3,7,9' },
      attachments: factory,
    });
    await waitFor(() => expect(within(group()).getByText('قرارداد.pdf')).toBeTruthy());
    expect(fields).toContain('documents');
    expect(client.list).toHaveBeenCalledWith([3, 7, 9]);
    expect(within(group()).getByText('۵ کیلوبایت')).toBeTruthy();
    expect(within(group()).getByText('کارت ملی.jpg')).toBeTruthy();
    expect(within(group()).getByText('پرونده شمارهٔ ۹ در دسترس نیست')).toBeTruthy();
    await user.click(within(group()).getAllByRole('button', { name: 'دریافت' })[0]!);
    await waitFor(() => expect(client.download).toHaveBeenCalledWith(3));
    expect(created.length).toBe(1);
  });

  it('uploads chosen files, adds their ids to the field and saves them; remove takes one out', async () => {
    const { client, factory } = fakeClient();
    const { user, saved, container } = renderForm(customer, {
      values: { ...values, documents: '3' },
      attachments: factory,
    });
    await waitFor(() => expect(within(group()).getByText('قرارداد.pdf')).toBeTruthy());
    const input = container.querySelector('input[type=file]') as HTMLInputElement;
    await user.upload(input, [new File(['hello'], 'فاکتور.pdf', { type: 'application/pdf' })]);
    await waitFor(() => expect(within(group()).getByText('فاکتور.pdf')).toBeTruthy());
    expect(client.upload).toHaveBeenCalledTimes(1);
    await user.click(save());
    await waitFor(() => expect(saved.length).toBe(1));
    expect(saved[0]!.documents).toBe('3,20');

    await user.click(within(group()).getByRole('button', { name: 'حذف قرارداد.pdf' }));
    expect(within(group()).queryByText('قرارداد.pdf')).toBeNull();
    await user.click(within(group()).getByRole('button', { name: 'حذف فاکتور.pdf' }));
    expect(within(group()).getByText('پرونده‌ای پیوست نشده است.')).toBeTruthy();
    await user.click(save());
    await waitFor(() => expect(saved.length).toBe(2));
    expect(saved[1]!.documents).toBeUndefined();
  });

  it('refuses a file over 10 MB before sending it, with a Persian message', async () => {
    const { client, factory } = fakeClient();
    const { container } = renderForm(customer, { values, attachments: factory });
    const big = new File(['x'], 'بزرگ.zip');
    Object.defineProperty(big, 'size', { value: ATTACHMENT_MAX_BYTES + 1 });
    const input = container.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [big] } });
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('حجم «بزرگ.zip» بیش از ۱۰ مگابایت است.'),
    );
    expect(client.upload).not.toHaveBeenCalled();
  });

  it('read-only forms list and download but neither upload nor remove', async () => {
    const { factory } = fakeClient();
    const { container } = renderForm(customer, {
      values: { ...values, documents: '3' },
      attachments: factory,
      readOnly: true,
    });
    await waitFor(() => expect(within(group()).getByText('قرارداد.pdf')).toBeTruthy());
    expect(within(group()).getByRole('button', { name: 'دریافت' })).toBeTruthy();
    expect(within(group()).queryByRole('button', { name: /حذف/ })).toBeNull();
    expect(container.querySelector('input[type=file]')).toBeNull();
  });
});
