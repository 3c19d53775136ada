/**
 * The lifecycle's pieces of the screens (issue #23): the cancel dialog (reason required, Persian
 * messages, nothing lost on a refusal), the state tag and note of the form, the toolbar's actions,
 * the grid's coloured tag cell, and a final form with only its editableWhenFinal fields editable.
 */
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ICellRendererParams } from 'ag-grid-community';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { CancelDialog } from '../../../renderers/screen/CancelDialog';
import { EntityToolbar } from '../../../renderers/screen/EntityToolbar';
import { BulkBar } from '../../../renderers/screen/BulkBar';
import { LifecycleButtons, LifecycleNote, StateTag } from '../../../renderers/screen/LifecycleParts';
import { buildColumnDefs } from '../../../renderers/grid/columns';
import { CELL_VIEWS, withCellViews } from '../../../renderers/grid/cellViews';
import type { EntityPermissions, EntityRow } from '../../../runtime/shared/definition';
import { setupI18n } from '../support/i18n';
import { docRow, lifecycleDefinition } from './lifecycleDefs';
import { renderForm } from './renderForm';

vi.setConfig({ testTimeout: 20_000 });

beforeAll(setupI18n);
afterEach(cleanup);

const def = lifecycleDefinition();

function inFluent(node: ReactNode) {
  return render(
    <FluentProvider theme={webLightTheme} dir="rtl">
      {node}
    </FluentProvider>,
  );
}

describe('CancelDialog', () => {
  it('asks the reason: empty and too short are refused in Persian, nothing is sent', async () => {
    const onCancel = vi.fn(async () => true);
    inFluent(<CancelDialog lang="fa" name="INV-۱" onCancel={onCancel} onClose={vi.fn()} />);
    const user = userEvent.setup();
    expect(screen.getByRole('dialog').textContent).toContain('ابطال سند INV-۱');
    await user.click(screen.getByRole('button', { name: 'ابطال سند' }));
    expect(await screen.findByText('دلیل ابطال را بنویسید.')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: /دلیل ابطال/ }), 'اب');
    await user.click(screen.getByRole('button', { name: 'ابطال سند' }));
    expect(await screen.findByText('دلیل ابطال باید دست‌کم ۳ و حداکثر ۴۰۰ نویسه باشد.')).toBeTruthy();
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('a refusal of the server keeps the dialog and the reason; a success closes it', async () => {
    const answers = [false, true];
    const onCancel = vi.fn(async () => answers.shift()!);
    const onClose = vi.fn();
    inFluent(<CancelDialog lang="fa" name="INV-۱" onCancel={onCancel} onClose={onClose} />);
    const user = userEvent.setup();
    const reason = screen.getByRole('textbox', { name: /دلیل ابطال/ });
    await user.type(reason, 'مشتری انصراف داد');
    await user.click(screen.getByRole('button', { name: 'ابطال سند' }));
    await waitFor(() => expect(onCancel).toHaveBeenCalledTimes(1));
    expect(onCancel).toHaveBeenLastCalledWith('مشتری انصراف داد');
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: /دلیل ابطال/ })).toHaveProperty('value', 'مشتری انصراف داد');
    await user.click(screen.getByRole('button', { name: 'ابطال سند' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });
});

describe('the form’s lifecycle parts', () => {
  it('the state as a coloured tag; none for a new record', () => {
    const { container } = inFluent(<StateTag definition={def} row={docRow('final')} lang="fa" />);
    const tag = container.querySelector('[data-state-tag]');
    expect(tag?.textContent).toBe('قطعی');
    expect(tag?.getAttribute('data-color')).toBe('success');
    cleanup();
    const fresh = inFluent(<StateTag definition={def} lang="fa" />);
    expect(fresh.container.querySelector('[data-state-tag]')).toBeNull();
  });

  it('a cancelled amendment shows its reason and a link to the document it amends', async () => {
    const onOpen = vi.fn();
    const row = docRow('cancelled', {
      cancelReason: 'مبلغ اشتباه',
      amendedFrom: 5,
      amendedFrom__display: 'INV-5',
    });
    inFluent(<LifecycleNote definition={def} row={row} lang="fa" onOpenRecord={onOpen} />);
    expect(screen.getByText('دلیل ابطال: مبلغ اشتباه')).toBeTruthy();
    await userEvent.setup().click(screen.getByText('اصلاحیهٔ سند INV-۵'));
    expect(onOpen).toHaveBeenCalledWith(5);
  });

  it('the buttons wait while the form holds unsaved changes', async () => {
    const onAction = vi.fn();
    const { rerender } = inFluent(<LifecycleButtons actions={['cancel']} dirty onAction={onAction} />);
    expect(screen.getByRole('button', { name: 'ابطال' })).toHaveProperty('disabled', true);
    rerender(
      <FluentProvider theme={webLightTheme} dir="rtl">
        <LifecycleButtons actions={['finalise']} dirty={false} onAction={onAction} />
      </FluentProvider>,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'قطعی کردن' }));
    expect(onAction).toHaveBeenCalledWith('finalise');
  });
});

describe('EntityToolbar with a document selected', () => {
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
  it('enables the lifecycle actions the row offers, and disables Edit/Delete for a final document, buttons staying in place', async () => {
    const onFinalise = vi.fn();
    const bar = (canEdit: boolean, canDelete: boolean, offered = true) => (
      <FluentProvider theme={webLightTheme} dir="rtl">
        <EntityToolbar
          permissions={ALL}
          hasSelection
          onNew={vi.fn()}
          onEdit={vi.fn()}
          onDelete={vi.fn()}
          onRefresh={vi.fn()}
          lifecycle={[{ name: 'finalise', label: 'قطعی کردن', onClick: onFinalise, disabled: !offered }]}
          canEdit={canEdit}
          canDelete={canDelete}
        />
      </FluentProvider>
    );
    const { rerender } = render(bar(true, true));
    expect(screen.getByRole('button', { name: 'ویرایش' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'حذف' })).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'قطعی کردن' }));
    expect(onFinalise).toHaveBeenCalledTimes(1);
    const names = () => screen.getAllByRole('button').map((b) => b.textContent);
    const before = names();
    rerender(bar(false, false, false));
    // the same buttons in the same places (a click's selection must not move the grid), disabled
    expect(names()).toEqual(before);
    for (const name of ['ویرایش', 'حذف', 'قطعی کردن'])
      expect(screen.getByRole('button', { name }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'جدید' }).hasAttribute('disabled')).toBe(false);
  });
});

describe('the ticked rows’ bar', () => {
  const PERMS: EntityPermissions = {
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
  const bar = (rows: EntityRow[], permissions = PERMS, onFinalise = vi.fn()) => (
    <FluentProvider theme={webLightTheme} dir="rtl">
      <BulkBar
        count={rows.length}
        lang="fa"
        permissions={permissions}
        busy={false}
        onDelete={vi.fn()}
        onExport={vi.fn()}
        onDuplicate={vi.fn()}
        onClear={vi.fn()}
        onPrint={vi.fn()}
        definition={def}
        rows={rows}
        onTransition={vi.fn()}
        onFinalise={onFinalise}
      />
    </FluentProvider>
  );
  it('offers Finalise when a ticked row is a draft and the user may finalise', async () => {
    const onFinalise = vi.fn();
    const { rerender } = render(bar([docRow('final'), docRow('draft', { id: 8 })], PERMS, onFinalise));
    await userEvent.setup().click(screen.getByRole('button', { name: 'قطعی کردن انتخاب‌شده‌ها' }));
    expect(onFinalise).toHaveBeenCalledTimes(1);
    rerender(bar([docRow('final'), docRow('cancelled', { id: 8 })]));
    expect(screen.queryByRole('button', { name: 'قطعی کردن انتخاب‌شده‌ها' })).toBeNull();
    rerender(bar([docRow('draft')], { ...PERMS, finalise: false }));
    expect(screen.queryByRole('button', { name: 'قطعی کردن انتخاب‌شده‌ها' })).toBeNull();
  });
});

describe('the grid’s tag cell', () => {
  it('a field with enumColors is drawn as a coloured tag with its label; it filters by choice', () => {
    const columns = withCellViews(buildColumnDefs(def, 'fa'), def, 'fa');
    const state = columns.find((c) => c.colId === 'docState')!;
    expect(state.cellRenderer).toBe(CELL_VIEWS.tag);
    expect(state.filter).toBe('entityChoiceFilter');
    expect(columns.find((c) => c.colId === 'customerType')!.cellRenderer).toBeUndefined();
    const Cell = CELL_VIEWS.tag!;
    const cell = new Cell();
    const params = {
      ...(state.cellRendererParams as object),
      value: 'cancelled',
      valueFormatted: 'باطل‌شده',
      data: docRow('cancelled'),
    } as unknown as ICellRendererParams<EntityRow>;
    cell.init!(params);
    const gui = cell.getGui();
    expect(gui.textContent).toBe('باطل‌شده');
    expect(gui.className).toBe('erp-tag erp-tag--danger');
    cell.refresh({
      ...params,
      value: 'unknown',
      valueFormatted: 'unknown',
    } as ICellRendererParams<EntityRow>);
    expect(gui.className).toBe('');
    expect(gui.textContent).toBe('unknown');
  });
});

describe('a final document’s form', () => {
  it('only its editableWhenFinal fields are editable, and it still saves', async () => {
    const { saved, user } = renderForm(def, { values: docRow('final'), editableOnly: ['city'] });
    expect(screen.getByLabelText(/^نام/)).toHaveProperty('readOnly', true);
    // the state, the reason and the amended document are the modal's title and note, not inputs
    expect(screen.queryByLabelText(/وضعیت سند/)).toBeNull();
    expect(screen.queryByLabelText(/دلیل ابطال/)).toBeNull();
    const city = screen.getByLabelText('شهر');
    expect(city).toHaveProperty('readOnly', false);
    await user.clear(city);
    await user.type(city, 'شیراز');
    await user.click(screen.getByRole('button', { name: 'ذخیره' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ city: 'شیراز', name: 'شرکت نمونه' });
  });

  it('read-only: no Save; the extra actions sit in the action bar', () => {
    renderForm(def, {
      values: docRow('cancelled'),
      readOnly: true,
      onCancel: vi.fn(),
      extraActions: <button type="button">اصلاح (نسخهٔ جدید)</button>,
    });
    expect(screen.queryByRole('button', { name: 'ذخیره' })).toBeNull();
    const bar = document.querySelector('[data-form-actions]')!;
    expect(bar.textContent).toContain('اصلاح (نسخهٔ جدید)');
    expect(bar.textContent).toContain('بستن');
  });
});
