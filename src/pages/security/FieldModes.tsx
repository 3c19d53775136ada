/**
 * Per-field hidden / read-only choices of one entity for the role being edited: its own fields and
 * its line fields (`{child}.{field}`, fieldChoices.ts).
 */
import { Select, Spinner, Table, TableBody, TableCell, TableRow } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { splitEntityKey } from '../../../renderers/form/lookup';
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
  const [fields, setFields] = useState<[string, string][] | null>(null);
  useEffect(() => {
    let live = true;
    const { module, name } = splitEntityKey(entity.key);
    loadDefinition(module, name).then(
      (d) => live && setFields(fieldChoices(d, lang)),
      () => live && setFields(Object.keys(entity.fields).map((f) => [f, f])),
    );
    return () => {
      live = false;
    };
  }, [entity.key, entity.fields, lang]);
  if (!fields) return <Spinner size="tiny" />;
  // fields the definition no longer sends (hidden for this very user) keep their mode visible
  const all = [
    ...fields,
    ...Object.keys(entity.fields)
      .filter((f) => !fields.some(([n]) => n === f))
      .map((f) => [f, f] as [string, string]),
  ];
  return (
    <Table size="extra-small" aria-label={t('security.permissions.fieldsOf', { entity: entity.title })}>
      <TableBody>
        {all.map(([name, label]) => (
          <TableRow key={name}>
            <TableCell>{label}</TableCell>
            <TableCell>
              <Select
                aria-label={t('security.permissions.fieldMode', { field: label })}
                value={entity.fields[name] ?? ''}
                onChange={(_, d) => onChange(name, d.value as FieldMode | '')}
              >
                <option value="">{t('security.permissions.modes.normal')}</option>
                <option value="hidden">{t('security.permissions.modes.hidden')}</option>
                <option value="readOnly">{t('security.permissions.modes.readOnly')}</option>
              </Select>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
