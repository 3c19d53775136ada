/** The list toolbar: only the actions the permissions allow; Refresh always. */
import { Toolbar, ToolbarButton } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { EntityPermissions } from '../../runtime/shared/definition';

export interface EntityToolbarProps {
  permissions: EntityPermissions;
  hasSelection: boolean;
  onNew: () => void;
  onEdit: () => void;
  onDelete: () => void;
  onRefresh: () => void;
}

export function EntityToolbar({
  permissions,
  hasSelection,
  onNew,
  onEdit,
  onDelete,
  onRefresh,
}: EntityToolbarProps) {
  const { t } = useTranslation();
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
      {permissions.edit && button('edit', onEdit, !hasSelection)}
      {permissions.delete && button('delete', onDelete, !hasSelection)}
      {button('refresh', onRefresh)}
    </Toolbar>
  );
}
