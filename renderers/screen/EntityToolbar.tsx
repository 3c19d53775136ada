/**
 * The list toolbar: only the actions the permissions allow; Refresh always. Row links and the
 * definition's row actions act on the selected row; a row action shows only with its permission.
 * A document's lifecycle actions (Finalise / Cancel / Amend) are enabled for the selected row as it
 * offers them; a final document's row may not be edited, a final or cancelled one not deleted.
 * The buttons never come and go with the selection, only enable and disable: a button appearing
 * on a click could wrap the toolbar and move the grid under the pointer before a double-click's
 * second click.
 */
import { Toolbar, ToolbarButton } from '@fluentui/react-components';
import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExportFormat } from '../../runtime/entity/types';
import type { EntityAction, EntityPermissions } from '../../runtime/shared/definition';
import type { ExportMenu } from './ExportMenu';
import { loadExportMenu, loadPart } from './lazyParts';

/** A definition's row action as a toolbar button (renderers/screen/rowActions.ts runs it). */
export interface ToolbarRowAction {
  name: string;
  label: string;
  /** The entity permission the button needs. */
  permission: EntityAction;
  onClick: () => void;
}

export interface EntityToolbarProps {
  permissions: EntityPermissions;
  hasSelection: boolean;
  onNew: () => void;
  onEdit: () => void;
  onDelete: () => void;
  onRefresh: () => void;
  /** Export of the rows the grid's filter selects (menu shown only with the export permission). */
  onExport?: (format: ExportFormat) => void;
  /** Opens the import wizard (shown only with the import permission). */
  onImport?: () => void;
  /** True while an export is being produced (the menu button is disabled). */
  exporting?: boolean;
  /** Print view of the selected row (shown only with the print permission). */
  onPrint?: () => void;
  /** List print of the rows the grid's filter selects (shown only with the print permission). */
  onPrintList?: () => void;
  /** Links for the selected row (definition.rowLinks), enabled when a row is selected. */
  links?: { name: string; label: string; onClick: () => void }[];
  /** Server actions for the selected row (definition.rowActions), each with its permission. */
  actions?: ToolbarRowAction[];
  /**
   * The documents' lifecycle actions this user may take (Finalise / Cancel / Amend,
   * renderers/screen/lifecycle.ts), each disabled unless the selected row offers it.
   */
  lifecycle?: { name: string; label: string; onClick: () => void; disabled?: boolean }[];
  /** False: the selected row may not be edited (a final document): Edit disabled. */
  canEdit?: boolean;
  /** False: the selected row may not be deleted (a final or cancelled document): Delete disabled. */
  canDelete?: boolean;
}

export function EntityToolbar({
  permissions,
  hasSelection,
  onNew,
  onEdit,
  onDelete,
  onRefresh,
  onExport,
  onImport,
  exporting = false,
  links = [],
  actions = [],
  lifecycle = [],
  canEdit = true,
  canDelete = true,
  onPrint,
  onPrintList,
}: EntityToolbarProps) {
  const { t } = useTranslation();
  const exportButton = useRef<HTMLButtonElement>(null);
  const [menu, setMenu] = useState<{ Menu: typeof ExportMenu; target: HTMLElement | null } | null>(null);
  const openMenu = () => {
    const target = exportButton.current;
    void loadPart(loadExportMenu, loadExportMenu.value !== undefined).then((found) => {
      if (found) setMenu({ Menu: found, target });
    });
  };
  const closeMenu = () => {
    setMenu(null);
    exportButton.current?.focus();
  };
  const onExportKey = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowDown') return;
    e.preventDefault();
    openMenu();
  };
  const button = (key: string, onClick: () => void, disabled = false) => (
    <ToolbarButton
      key={key}
      aria-label={t(`toolbar.${key}`)}
      onClick={onClick}
      disabled={disabled}
      appearance="subtle"
    >
      {t(`toolbar.${key}`)}
    </ToolbarButton>
  );
  return (
    <Toolbar aria-label={t('toolbar.label')}>
      {permissions.create && button('new', onNew)}
      {permissions.edit && button('edit', onEdit, !hasSelection || !canEdit)}
      {permissions.delete && button('delete', onDelete, !hasSelection || !canDelete)}
      {button('refresh', onRefresh)}
      {permissions.print && onPrint && button('print', onPrint, !hasSelection)}
      {permissions.print && onPrintList && (
        <ToolbarButton appearance="subtle" data-print-list="" onClick={onPrintList}>
          {t('printList.button')}
        </ToolbarButton>
      )}
      {links.map((link) => (
        <ToolbarButton
          key={link.name}
          data-link={link.name}
          onClick={link.onClick}
          disabled={!hasSelection}
          appearance="subtle"
        >
          {link.label}
        </ToolbarButton>
      ))}
      {actions
        .filter((action) => permissions[action.permission])
        .map((action) => (
          <ToolbarButton
            key={action.name}
            data-action={action.name}
            onClick={action.onClick}
            disabled={!hasSelection}
            appearance="subtle"
          >
            {action.label}
          </ToolbarButton>
        ))}
      {lifecycle.map((action) => (
        <ToolbarButton
          key={action.name}
          data-lifecycle={action.name}
          onClick={action.onClick}
          disabled={action.disabled}
          appearance="subtle"
        >
          {action.label}
        </ToolbarButton>
      ))}
      {permissions.export && onExport && (
        <ToolbarButton
          ref={exportButton}
          aria-label={t('toolbar.export')}
          aria-haspopup="menu"
          aria-expanded={menu !== null}
          appearance="subtle"
          disabled={exporting}
          onClick={() => (menu ? closeMenu() : openMenu())}
          onKeyDown={onExportKey}
        >
          {t('toolbar.export')}
        </ToolbarButton>
      )}
      {permissions.import && (
        <ToolbarButton appearance="subtle" onClick={onImport}>
          {t('import.button')}
        </ToolbarButton>
      )}
      {menu && onExport && <menu.Menu target={menu.target} onExport={onExport} onClose={closeMenu} />}
    </Toolbar>
  );
}
