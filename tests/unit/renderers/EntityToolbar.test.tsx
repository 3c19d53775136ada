import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { EntityToolbar, type ToolbarRowAction } from '../../../renderers/screen/EntityToolbar';
import { rowActionPath, runRowAction, type RowActionPorts } from '../../../renderers/screen/rowActions';
import type { EntityPermissions, EntityRow, RowAction } from '../../../runtime/shared/definition';
import { setupI18n } from '../support/i18n';

vi.setConfig({ testTimeout: 20_000 });

beforeAll(setupI18n);
afterEach(cleanup);

const ALL: EntityPermissions = {
  view: true,
  create: true,
  edit: true,
  delete: true,
  export: true,
  print: true,
  finalise: true,
  cancel: true,
  import: true,
};

function toolbar(permissions: EntityPermissions, onExport = vi.fn()) {
  render(
    <FluentProvider theme={webLightTheme} dir="rtl">
      <EntityToolbar
        permissions={permissions}
        hasSelection={false}
        onNew={vi.fn()}
        onEdit={vi.fn()}
        onDelete={vi.fn()}
        onRefresh={vi.fn()}
        onExport={onExport}
      />
    </FluentProvider>,
  );
  return onExport;
}

describe('EntityToolbar export menu', () => {
  it('with the export permission: «خروجی» opens Excel and CSV items that export in that format', async () => {
    const onExport = toolbar(ALL);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'خروجی' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['خروجی اکسل', 'خروجی CSV']);
    await user.click(screen.getByRole('menuitem', { name: 'خروجی CSV' }));
    expect(onExport).toHaveBeenLastCalledWith('csv');
    await user.click(screen.getByRole('button', { name: 'خروجی' }));
    await user.click(await screen.findByRole('menuitem', { name: 'خروجی اکسل' }));
    expect(onExport).toHaveBeenLastCalledWith('xlsx');
    expect(onExport).toHaveBeenCalledTimes(2);
  });

  it('by keyboard: ArrowDown opens the menu on its first item, Escape closes it back to the button', async () => {
    const onExport = toolbar(ALL);
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: 'خروجی' });
    button.focus();
    await user.keyboard('{ArrowDown}');
    const first = await screen.findByRole('menuitem', { name: 'خروجی اکسل' });
    await vi.waitFor(() => expect(document.activeElement).toBe(first));
    expect(button.getAttribute('aria-expanded')).toBe('true');
    await user.keyboard('{Escape}');
    await vi.waitFor(() => expect(screen.queryByRole('menuitem')).toBeNull());
    expect(document.activeElement).toBe(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await user.keyboard('{ArrowDown}');
    await vi.waitFor(() => expect(document.activeElement?.textContent).toBe('خروجی اکسل'));
    await user.keyboard('{Enter}');
    expect(onExport).toHaveBeenLastCalledWith('xlsx');
    expect(screen.queryByRole('menuitem')).toBeNull();
  });

  it('without the export permission: no export button, the other actions stay', () => {
    toolbar({ ...ALL, export: false });
    expect(screen.queryByRole('button', { name: 'خروجی' })).toBeNull();
    expect(screen.getByRole('button', { name: 'جدید' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'بازخوانی' })).toBeTruthy();
  });
});

describe('EntityToolbar row actions (definition.rowActions)', () => {
  const compute = (onClick = vi.fn()): ToolbarRowAction => ({
    name: 'compute',
    label: 'محاسبه حقوق',
    permission: 'edit',
    onClick,
  });
  const draw = (permissions: EntityPermissions, hasSelection: boolean, action: ToolbarRowAction) =>
    render(
      <FluentProvider theme={webLightTheme} dir="rtl">
        <EntityToolbar
          permissions={permissions}
          hasSelection={hasSelection}
          onNew={vi.fn()}
          onEdit={vi.fn()}
          onDelete={vi.fn()}
          onRefresh={vi.fn()}
          actions={[action]}
        />
      </FluentProvider>,
    );

  it('with its permission: a button for the selected row, disabled without a selection', async () => {
    const onClick = vi.fn();
    draw(ALL, true, compute(onClick));
    await userEvent.setup().click(screen.getByRole('button', { name: 'محاسبه حقوق' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    cleanup();
    draw(ALL, false, compute());
    expect((screen.getByRole('button', { name: 'محاسبه حقوق' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('without its permission: no button', () => {
    draw({ ...ALL, edit: false }, true, compute());
    expect(screen.queryByRole('button', { name: 'محاسبه حقوق' })).toBeNull();
    expect(screen.getByRole('button', { name: 'بازخوانی' })).toBeTruthy();
  });
});

describe('runRowAction', () => {
  const action: RowAction = {
    name: 'compute',
    label: { fa: 'محاسبه حقوق' },
    permission: 'edit',
    confirm: { fa: 'محاسبه شود؟', en: 'Compute?' },
    done: { fa: 'محاسبه شد.', en: 'Computed.' },
  };
  const def = { module: 'salary', name: 'payrollRun' };
  const row = { id: 7, version: 3 } as EntityRow;
  const ports = (answer: boolean, post: RowActionPorts['post']) => ({
    confirm: vi.fn(() => Promise.resolve(answer)),
    post: vi.fn(post),
    toast: vi.fn(),
  });

  it('asks, calls {Module}/{Entity}/{Name} with id and version, toasts and answers the row', async () => {
    const updated = { id: 7, version: 4 } as EntityRow;
    const p = ports(true, () => Promise.resolve(updated));
    expect(await runRowAction(def, action, row, 'fa', p)).toBe(updated);
    expect(rowActionPath(def, action)).toBe('Salary/PayrollRun/Compute');
    expect(p.confirm).toHaveBeenCalledWith('محاسبه شود؟');
    expect(p.post).toHaveBeenCalledWith('Salary/PayrollRun/Compute', { id: 7, version: 3 });
    expect(p.toast).toHaveBeenCalledWith({ text: 'محاسبه شد.', kind: 'success', literal: true });
  });

  it('not confirmed: no call; refused by the server: no toast, null', async () => {
    const declined = ports(false, () => Promise.reject(new Error('unreachable')));
    expect(await runRowAction(def, action, row, 'en', declined)).toBeNull();
    expect(declined.post).not.toHaveBeenCalled();
    const refused = ports(true, () => Promise.reject(new Error('403')));
    expect(await runRowAction(def, action, row, 'en', refused)).toBeNull();
    expect(refused.confirm).toHaveBeenCalledWith('Compute?');
    expect(refused.toast).not.toHaveBeenCalled();
  });
});
