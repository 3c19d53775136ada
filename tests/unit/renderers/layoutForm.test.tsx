/**
 * A form drawn by its definition's layout (templates/LayoutTemplate.tsx): tabs and titled sections
 * in the layout's order, every field kept mounted, an error on a hidden tab marks and shows it,
 * a folded section opens; without a layout the form is as before.
 */
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { EntityDefinition } from '../../../runtime/shared/definition';
import { customer, shippedInvoice } from './defs';
import { setupI18n } from '../support/i18n';
import { renderForm } from './renderForm';

vi.setConfig({ testTimeout: 20_000 });
beforeAll(setupI18n);
afterEach(cleanup);

const laidOut: EntityDefinition = {
  ...customer,
  layout: {
    columns: 12,
    tabs: [
      {
        title: { fa: 'اصلی' },
        sections: [
          { title: { fa: 'شناسه' }, rows: [[{ field: 'name', span: 8 }, { field: 'customerType' }]] },
        ],
      },
      {
        title: { fa: 'تماس' },
        sections: [
          { title: { fa: 'کد' }, collapsible: true, collapsed: true, rows: [[{ field: 'code' }]] },
          { title: { fa: 'نشانی' }, rows: [[{ field: 'city' }]] },
        ],
      },
    ],
  },
};

describe('a laid-out form', () => {
  it('draws tabs and sections; fields on the other tab are mounted but hidden; the rest follow on the last tab', async () => {
    const { container } = renderForm(laidOut);
    const tabs = await screen.findAllByRole('tab');
    expect(tabs).toHaveLength(2);
    expect(screen.getByRole('tab', { name: 'تماس' })).toBe(tabs[1]);
    expect(tabs[0]!.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('region', { name: 'شناسه' })).toBeTruthy();
    // keyboard order follows the layout: name before the customer type
    const cells = [...container.querySelectorAll('[data-layout-cell]')].map((c) =>
      c.getAttribute('data-layout-cell'),
    );
    expect(cells.slice(0, 4)).toEqual(['name', 'customerType', 'code', 'city']);
    // span 8 of 12 and the shared rest
    const name = container.querySelector<HTMLElement>('[data-layout-cell="name"]')!;
    expect(name.style.getPropertyValue('--layout-span')).toBe('8');
    expect(
      container
        .querySelector<HTMLElement>('[data-layout-cell="customerType"]')!
        .style.getPropertyValue('--layout-span'),
    ).toBe('4');
    // fields not placed (mobile, …) come after the layout, on the last tab
    expect(cells).toContain('mobile');
    const mobilePanel = container.querySelector('[data-layout-cell="mobile"]')!.closest('[role="tabpanel"]')!;
    expect(mobilePanel.hasAttribute('hidden')).toBe(true);
    expect(screen.getByLabelText(/^کد مشتری/, { selector: 'input' })).toBeTruthy();
  });

  it('an error on the other tab marks it, shows it, and opens its folded section', async () => {
    const { user, saved } = renderForm(laidOut);
    await user.type(await screen.findByLabelText(/^نام/), 'شرکت نمونه');
    await user.click(screen.getByRole('button', { name: 'ذخیره' }));
    const other = screen.getByRole('tab', { name: /تماس/ });
    await waitFor(() => expect(other.getAttribute('aria-selected')).toBe('true'));
    expect(other.querySelector('[data-tab-errors]')).toBeTruthy();
    // the code's section was folded: it opens, the message inline under the field
    const fold = screen.getByRole('button', { name: 'کد' });
    expect(fold.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByLabelText(/^کد مشتری/).getAttribute('aria-invalid')).toBe('true');
    expect(saved).toHaveLength(0);
  });

  it('a placed lines grid is drawn in its slot on its tab', async () => {
    const def: EntityDefinition = {
      ...shippedInvoice,
      layout: {
        tabs: [
          { title: { fa: 'سربرگ' }, sections: [{ rows: [[{ field: 'customer' }, { field: 'date' }]] }] },
          { title: { fa: 'اقلام' }, sections: [{ rows: [[{ field: 'lines' }]] }] },
        ],
      },
    };
    const { container } = renderForm(def);
    await screen.findAllByRole('tab');
    await waitFor(() =>
      expect(container.querySelector('[data-lines-slot="lines"] [data-lines]')).toBeTruthy(),
    );
    expect(container.querySelectorAll('[data-lines]')).toHaveLength(1);
  });

  it('a definition without a layout draws no tabs', () => {
    const { container } = renderForm(customer);
    expect(screen.queryAllByRole('tab')).toHaveLength(0);
    expect(container.querySelector('[data-layout]')).toBeNull();
  });
});
