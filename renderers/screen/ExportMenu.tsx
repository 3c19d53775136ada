/**
 * The export choices (Excel, CSV) under the toolbar's «خروجی» button: loaded on the first use or
 * when the browser is idle after the grid's first rows (lazyParts), since Fluent's menu is not
 * needed for a grid screen's first paint (bench/budget.mjs). Opens at `target`, focuses its first
 * item; Escape, a click outside or a choice closes it (onClose gives the focus back).
 */
import { Menu, MenuItem, MenuList, MenuPopover } from '@fluentui/react-components';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExportFormat } from '../../runtime/entity/types';

export interface ExportMenuProps {
  target: HTMLElement | null;
  onExport: (format: ExportFormat) => void;
  onClose: () => void;
}

export function ExportMenu({ target, onExport, onClose }: ExportMenuProps) {
  const { t } = useTranslation();
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => {
    list.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, []);
  const choose = (format: ExportFormat) => {
    onClose();
    onExport(format);
  };
  return (
    <Menu
      open
      positioning={{ target }}
      onOpenChange={(_, data) => {
        // the click on the toolbar's button that opened the menu may reach the page after the menu
        // mounted (a loaded menu mounts at once): it is not a click outside; a second click on the
        // button closes the menu through the button's own handler
        if (
          data.type === 'clickOutside' &&
          data.event.target instanceof Node &&
          target?.contains(data.event.target)
        )
          return;
        if (!data.open) onClose();
      }}
    >
      <MenuPopover>
        <MenuList ref={list}>
          <MenuItem onClick={() => choose('xlsx')}>{t('toolbar.exportExcel')}</MenuItem>
          <MenuItem onClick={() => choose('csv')}>{t('toolbar.exportCsv')}</MenuItem>
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
