/**
 * Per-field hidden / read-only choices of one entity for the role being edited: its own fields and
 * its line fields (`{child}.{field}`, fieldChoices.ts).
 */
import { Select, Spinner } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { splitEntityKey } from '../../../renderers/form/lookup';
import { useLoad } from '../../../renderers/hooks/useLoad';
import { DataTable } from '../../../renderers/table/DataTable';
import { loadDefinition } from '../../../runtime/meta/loaders';
import { getLang } from '../../../runtime/lang';
import type { EntityPermission, FieldMode } from './api';
import { fieldChoices } from './fieldChoices';

export interface FieldModesProps {
  entity: EntityPermission;
  onChange: (field: string, mode: FieldMode | '') => void;
}

export function FieldModes({ entity, onChange }: FieldModesProps) {
  const { t } = useTranslation();
  const lang = getLang();
  // the fields with their labels; without the definition, the fields that have a mode, by name
  const fields = useLoad(() => {
    const { module, name } = splitEntityKey(entity.key);
    return loadDefinition(module, name).then(
      (d) => fieldChoices(d, lang),
      () => Object.keys(entity.fields).map((f): [string, string] => [f, f]),
    );
  }, [entity.key, entity.fields, lang]).data;
  if (!fields) return <Spinner size="tiny" />;
  // fields the definition no longer sends (hidden for this very user) keep their mode visible
  const all = [
    ...fields,
    ...Object.keys(entity.fields)
      .filter((f) => !fields.some(([n]) => n === f))
      .map((f) => [f, f] as [string, string]),
  ];
  return (
    <DataTable
      size="extra-small"
      showHeader={false}
      label={t('security.permissions.fieldsOf', { entity: entity.title })}
      columns={[
        { id: 'label', cell: ([, label]) => label },
        {
          id: 'mode',
          cell: ([name, label]) => (
            <Select
              aria-label={t('security.permissions.fieldMode', { field: label })}
              value={entity.fields[name] ?? ''}
              onChange={(_, d) => onChange(name, d.value as FieldMode | '')}
            >
              <option value="">{t('security.permissions.modes.normal')}</option>
              <option value="hidden">{t('security.permissions.modes.hidden')}</option>
              <option value="readOnly">{t('security.permissions.modes.readOnly')}</option>
            </Select>
          ),
        },
      ]}
      rows={all}
      rowKey={([name]) => name}
    />
  );
}
