/** The form widgets of the new kinds: percent, multi-select, time, date-time and image. */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AttachmentsClient } from '../../../runtime/entity/attachments';
import type { AttachmentInfo } from '../../../runtime/shared/attachments';
import type { EntityDefinition } from '../../../runtime/shared/definition';
import { KINDS } from '../../../runtime/shared/fieldKind';
import { setupFormDom } from '../support/formDom';
import { renderForm } from './renderForm';

vi.setConfig({ testTimeout: 60_000 });

beforeAll(setupFormDom);
afterEach(cleanup);

const colors = { red: { fa: 'قرمز' }, blue: { fa: 'آبی' }, green: { fa: 'سبز' } };

const definition: EntityDefinition = {
  name: 'kinds',
  module: 'common',
  title: { fa: 'نمونه' },
  displayField: 'title',
  schema: {
    type: 'object',
    additionalProperties: false,
    required: ['title'],
    properties: {
      title: { type: 'string' },
      share: { type: 'number' },
      weight: { type: 'number' },
      colors: KINDS.multiEnum.schema({ enumLabels: colors }),
      opensAt: { type: 'string', format: 'time' },
      seenAt: { type: 'string', format: 'date-time' },
      photo: KINDS.image.schema({}),
    },
  },
  fields: {
    title: { label: { fa: 'عنوان' } },
    share: { label: { fa: 'سهم' }, kind: 'percent' },
    weight: { label: { fa: 'وزن' }, precision: 2 },
    colors: { label: { fa: 'رنگ‌ها' }, kind: 'multiEnum', enumLabels: colors },
    opensAt: { label: { fa: 'ساعت شروع' } },
    seenAt: { label: { fa: 'زمان دیدن' } },
    photo: { label: { fa: 'عکس' }, kind: 'image' },
  },
  list: { columns: ['title'] },
};

const save = () => screen.getByRole('button', { name: 'ذخیره' });

function imageClient() {
  let next = 40;
  const info = (id: number, name: string, mime: string): AttachmentInfo => ({
    id,
    name,
    size: 100,
    mime,
    sha256: 'ab'.repeat(32),
    createdAt: '2026-11-22T00:00:00.000Z',
  });
  const client = {
    list: vi.fn(async (ids: number[]) => ids.map((id) => info(id, `تصویر ${id}.png`, 'image/png'))),
    upload: vi.fn(async (f: File) => info(next++, f.name, f.type)),
    download: vi.fn(async () => new Blob(['png'], { type: 'image/png' })),
  } satisfies AttachmentsClient;
  return client;
}

describe('widgets of the new kinds', () => {
  it('percent shows its sign; multi-select, time and date-time store what the kind stores', async () => {
    const { user, saved } = renderForm(definition, {
      values: { title: 'الف', share: 9, seenAt: '2026-11-22T06:50:00.000Z' },
    });
    const share = screen.getByLabelText('سهم') as HTMLInputElement;
    expect(share.value).toBe('۹');
    expect(share.parentElement?.textContent).toContain('٪');
    const group = screen.getByRole('group', { name: /رنگ‌ها/ });
    await user.click(within(group).getByRole('checkbox', { name: 'سبز' }));
    await user.click(within(group).getByRole('checkbox', { name: 'قرمز' }));
    await user.type(screen.getByLabelText('ساعت شروع'), '۹:۳۰');
    const seen = screen.getByLabelText('زمان دیدن') as HTMLInputElement;
    expect(seen.value).toMatch(/^۱۴۰۵\/۰۹\/۰۱ [۰-۹]{2}:[۰-۹]{2}$/);
    fireEvent.change(seen, { target: { value: '1405/09/02 08:15' } });
    await user.click(save());
    await waitFor(() => expect(saved.length).toBe(1));
    expect(saved[0]).toMatchObject({
      share: 9,
      colors: 'red,green', // in the options' order
      opensAt: '09:30',
      seenAt: new Date(2026, 10, 23, 8, 15).toISOString(),
    });
  });

  it('a wrong time is refused by the form with the time message', async () => {
    const { user, saved } = renderForm(definition, { values: { title: 'الف' } });
    await user.type(screen.getByLabelText('ساعت شروع'), '25:00');
    await user.click(save());
    expect(await screen.findByText('زمان معتبر نیست (مانند ۰۹:۳۰).')).toBeTruthy();
    expect(saved).toHaveLength(0);
  });

  it('image takes image files only and shows each as a thumbnail', async () => {
    const client = imageClient();
    URL.createObjectURL = vi.fn(() => 'blob:thumb');
    URL.revokeObjectURL = vi.fn();
    const { user, saved, container } = renderForm(definition, {
      values: { title: 'الف', photo: '5' },
      attachments: () => client,
    });
    const group = screen.getByRole('group', { name: /عکس/ });
    await waitFor(() => expect(within(group).getByRole('img', { name: 'تصویر 5.png' })).toBeTruthy());
    const input = container.querySelector('input[type=file]') as HTMLInputElement;
    expect(input.accept).toBe('image/*');
    await user.upload(input, [new File(['png'], 'چهره.png', { type: 'image/png' })]);
    await waitFor(() => expect(within(group).getByRole('img', { name: 'چهره.png' })).toBeTruthy());
    await user.click(save());
    await waitFor(() => expect(saved.length).toBe(1));
    expect(saved[0]!.photo).toBe('5,40');
    // a file that is not an image is refused before it is sent (the picker's filter can be bypassed)
    fireEvent.change(input, {
      target: { files: [new File(['x'], 'نامه.pdf', { type: 'application/pdf' })] },
    });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('«نامه.pdf» تصویر نیست.'));
    expect(client.upload).toHaveBeenCalledTimes(1);
  });
});
