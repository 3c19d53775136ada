import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { EntityToolbar } from '../../../renderers/screen/EntityToolbar';
import type { EntityPermissions } from '../../../runtime/shared/definition';
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

  it('without the export permission: no export button, the other actions stay', () => {
    toolbar({ ...ALL, export: false });
    expect(screen.queryByRole('button', { name: 'خروجی' })).toBeNull();
    expect(screen.getByRole('button', { name: 'جدید' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'بازخوانی' })).toBeTruthy();
  });
});
