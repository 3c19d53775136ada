/**
 * The number field of a numbered document in the real form (issue #22, «numbers default to the next
 * in series»): the number is the server's, so a new or draft document's box says when it gets one
 * instead of standing empty and required-looking; a new record of a series numbered on create shows
 * the number its save would take, from the entity's Preview.
 */
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { EntityDefinition } from '../../../runtime/shared/definition';
import { expandNumbering } from '../../../runtime/shared/numbering';
import { shippedInvoice } from './defs';
import { setupFormDom } from '../support/formDom';
import { renderForm } from './renderForm';

vi.setConfig({ testTimeout: 60_000 });

beforeAll(setupFormDom);
afterEach(cleanup);

/** A document type numbered on create (as the designer can publish one). */
const ticket: EntityDefinition = expandNumbering({
  name: 'ticket',
  module: 'common',
  title: { fa: 'تیکت' },
  displayField: 'number',
  schema: {
    type: 'object',
    properties: {
      number: { type: 'string', minLength: 1, maxLength: 20 },
      subject: { type: 'string', maxLength: 60 },
    },
    required: ['number'],
  },
  fields: {
    number: { label: { fa: 'شماره' } },
    subject: { label: { fa: 'موضوع' } },
  },
  list: { columns: ['number', 'subject'] },
  numbering: { field: 'number', pattern: 'TK-{counter:4}', on: 'create' },
});

function ticketClient(number: string) {
  return {
    getList: vi.fn(async () => ({ rows: [], lastRow: 0 })),
    get: vi.fn(),
    create: vi.fn(),
    update: vi.fn(),
    delete: vi.fn(),
    export: vi.fn(),
    preview: vi.fn(async (values: Record<string, unknown>, _row?: { id: number; version: number }) => ({
      id: 0,
      version: 0,
      ...values,
      number,
    })),
  };
}

describe('the number of a numbered document', () => {
  it('a new invoice (numbered on finalise): a read-only, not required box saying when it gets its number', () => {
    // the definition as GetDefinition sends it: the numbered field the server's
    renderForm(expandNumbering(shippedInvoice), { values: {} });
    const box = screen.getByRole('textbox', { name: 'شماره فاکتور' });
    expect(box).toHaveProperty('value', '');
    expect(box.getAttribute('placeholder')).toBe('پس از قطعی شدن شماره می‌گیرد');
    expect(box).toHaveProperty('readOnly', true);
    expect(box.getAttribute('aria-required')).not.toBe('true');
  });

  it('a draft invoice opened again says the same; a numbered one shows its number', () => {
    const def = expandNumbering(shippedInvoice);
    const draft = renderForm(def, { values: { id: 7, version: 2, status: 'draft', date: '2026-05-01' } });
    expect(screen.getByRole('textbox', { name: 'شماره فاکتور' }).getAttribute('placeholder')).toBe(
      'پس از قطعی شدن شماره می‌گیرد',
    );
    draft.unmount();
    renderForm(def, { values: { id: 8, version: 3, number: 'INV-1405-000012', date: '2026-05-01' } });
    expect(screen.getByRole('textbox', { name: 'شماره فاکتور' })).toHaveProperty('value', 'INV-۱۴۰۵-۰۰۰۰۱۲');
  });

  it('a new record numbered on create shows the number its save would take, from the Preview', async () => {
    const client = ticketClient('TK-0042');
    renderForm(ticket, { values: {}, clientFor: () => client });
    const box = screen.getByRole('textbox', { name: 'شماره' });
    // before the server answers: when the number comes
    expect(box.getAttribute('placeholder')).toBe('هنگام ذخیره شماره می‌گیرد');
    await waitFor(() => expect(box).toHaveProperty('value', 'TK-۰۰۴۲'));
    expect(client.preview).toHaveBeenCalled();
    expect(client.preview.mock.calls[0]![1]).toBeUndefined(); // a Create's preview: no row
  });

  it('a stored record numbered on create asks no Preview for its number', async () => {
    const client = ticketClient('TK-9999');
    renderForm(ticket, { values: { id: 3, version: 1, number: 'TK-0003' }, clientFor: () => client });
    expect(screen.getByRole('textbox', { name: 'شماره' })).toHaveProperty('value', 'TK-۰۰۰۳');
    await new Promise((done) => setTimeout(done, 500));
    expect(client.preview).not.toHaveBeenCalled();
  });
});
