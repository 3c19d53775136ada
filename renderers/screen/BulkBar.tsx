/**
 * The bar shown while rows are ticked in the grid: how many, and what can be done to all of them at
 * once (only the actions the permissions allow): delete, export, print the ticked rows, move them
 * along the workflow (only the role's transitions), finalise the ticked drafts of a document with a
 * lifecycle (with the permission), duplicate (one row), untick.
 */
import {
  Button,
  makeStyles,
  Menu,
  MenuButton,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Text,
  tokens,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { EntityDefinition, EntityPermissions, EntityRow, Lang } from '../../runtime/shared/definition';
import { localDigits } from '../format';
import type { BulkCall } from './bulkActions';
import { transitionCall, transitionTargets } from './bulkTransitions';
import { docStateOf } from './lifecycle';

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: '6px',
    padding: '4px 8px',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorBrandBackground2,
  },
  count: { fontWeight: tokens.fontWeightSemibold, marginInlineEnd: '8px' },
});

export interface BulkBarProps {
  count: number;
  lang: Lang;
  permissions: EntityPermissions;
  busy: boolean;
  onDelete: () => void;
  onExport: () => void;
  onDuplicate: () => void;
  onClear: () => void;
  onPrint: () => void;
  definition: EntityDefinition;
  /** The ticked rows (their workflow states choose the transitions offered). */
  rows: EntityRow[];
  /** A workflow state picked: its label and the call that moves one row there. */
  onTransition: (label: string, call: BulkCall) => void;
  /** Finalise the ticked documents (offered with the permission when a ticked row is a draft). */
  onFinalise?: () => void;
}

export function BulkBar({
  count,
  lang,
  permissions,
  busy,
  onDelete,
  onExport,
  onDuplicate,
  onClear,
  onPrint,
  definition,
  rows,
  onTransition,
  onFinalise,
}: BulkBarProps) {
  const { t } = useTranslation();
  // only the role's transitions (GetDefinition sends no others) out of a ticked row's state
  const transitions = transitionTargets(definition, rows, lang);
  const styles = useStyles();
  const drafts = rows.some((row) => docStateOf(definition, row) === 'draft');
  return (
    <div
      className={styles.bar}
      role="region"
      aria-label={t('gridWork.selected', { count: localDigits(String(count), lang) })}
      data-bulk-bar=""
    >
      <Text className={styles.count}>
        {t('gridWork.selected', { count: localDigits(String(count), lang) })}
      </Text>
      {permissions.delete && (
        <Button size="small" disabled={busy} onClick={onDelete}>
          {t('gridWork.deleteSelected')}
        </Button>
      )}
      {permissions.export && (
        <Button size="small" disabled={busy} onClick={onExport}>
          {t('gridWork.exportSelected')}
        </Button>
      )}
      {permissions.print && (
        <Button size="small" disabled={busy} onClick={onPrint}>
          {t('gridWork.printSelected')}
        </Button>
      )}
      {permissions.edit && transitions.length > 0 && (
        <Menu>
          <MenuTrigger disableButtonEnhancement>
            <MenuButton size="small" disabled={busy}>
              {t('gridWork.transition')}
            </MenuButton>
          </MenuTrigger>
          <MenuPopover>
            <MenuList>
              {transitions.map((target) => (
                <MenuItem
                  key={target.to}
                  onClick={() => onTransition(target.label, transitionCall(definition, target.to))}
                >
                  {t('gridWork.transitionTo', { state: target.label })}
                </MenuItem>
              ))}
            </MenuList>
          </MenuPopover>
        </Menu>
      )}
      {permissions.finalise && onFinalise && drafts && (
        <Button size="small" disabled={busy} onClick={onFinalise} data-lifecycle="finalise">
          {t('lifecycle.finaliseSelected')}
        </Button>
      )}
      {permissions.create && count === 1 && (
        <Button size="small" disabled={busy} onClick={onDuplicate}>
          {t('gridWork.duplicate')}
        </Button>
      )}
      <Button size="small" appearance="subtle" disabled={busy} onClick={onClear}>
        {t('gridWork.clearSelection')}
      </Button>
    </div>
  );
}
