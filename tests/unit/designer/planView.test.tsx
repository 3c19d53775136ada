import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { planErrors } from '../../../renderers/designer/designerUi';
import { PlanView, type Plan } from '../../../renderers/designer/PlanView';
import { sampleClient, sampleRows } from '../../../renderers/designer/sampleRows';
import type { EntityDefinition } from '../../../runtime/shared/definition';
import customerJson from '../../../schemas/sales/customer.json';
import { setupI18n } from '../support/i18n';
import { serverText } from '../../support/messages';

beforeAll(setupI18n);
afterEach(cleanup);

const customer = customerJson as unknown as EntityDefinition;

describe('PlanView', () => {
  it('marks breaking changes and shows the rows they touch in Persian digits', () => {
    const plan: Plan = {
      breaking: true,
      changes: [
        { kind: 'changeLabel', field: 'city', message: 'برچسب شهر تغییر کرد', rows: 0, breaking: false },
        { kind: 'removeField', field: 'mobile', message: 'فیلد تلفن حذف می‌شود', rows: 12, breaking: true },
      ],
    };
    render(
      <FluentProvider theme={webLightTheme} dir="rtl">
        <PlanView plan={plan} lang="fa" />
      </FluentProvider>,
    );
    const rows = within(screen.getByRole('table', { name: 'برنامه تغییرات' })).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]!.getAttribute('data-breaking')).toBeNull();
    expect(rows[2]!.getAttribute('data-breaking')).toBe('true');
    expect(rows[2]!.textContent).toContain('حذف فیلد');
    expect(rows[2]!.textContent).toContain('ناسازگار');
    expect(rows[2]!.textContent).toContain('۱۲');
  });

  it('says so when nothing changes', () => {
    render(<PlanView plan={{ breaking: false, changes: [] }} lang="fa" />);
    expect(screen.getByText('تغییری نسبت به نسخه فعال وجود ندارد.')).toBeTruthy();
  });
});

describe('designer helpers', () => {
  it('sample rows follow field types and the sample client pages them', async () => {
    const rows = sampleRows(customer, 3);
    expect(rows[1]).toMatchObject({ id: 2, customerType: 'company', active: false, creditLimit: 2_500_000 });
    expect(rows[0]!.registeredOn).toBe('2026-03-10');
    const page = await sampleClient(customer).getList({ startRow: 1, endRow: 100 });
    expect(page).toMatchObject({ lastRow: 3 });
    expect(page.rows.map((r) => r.id)).toEqual([2, 3]);
  });

  it("Plan's field messages land under their JSON paths", () => {
    expect(
      planErrors([
        { FieldName: '/schema/properties/code/type', ...serverText('نوع نامعتبر') },
        { FieldName: '/name', ...serverText('نام نامعتبر') },
        { FieldName: '/name', ...serverText('تکراری') },
      ]),
    ).toEqual({
      schema: { properties: { code: { type: { __errors: ['نوع نامعتبر'] } } } },
      name: { __errors: ['نام نامعتبر', 'تکراری'] },
    });
  });
});
