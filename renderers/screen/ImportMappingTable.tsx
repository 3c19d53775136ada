/**
 * One sheet's columns and the field each is imported into (ImportWizard's mapping step): the first
 * sheet's columns take the record's fields, its line fields and the document key; a lines sheet's
 * columns take the document key and line fields only (docs/import.md).
 */
import { Select, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { ImportField, ImportMapping } from '../../runtime/shared/imports';

export interface ImportMappingTableProps {
  /** The sheet's title, when the file has more than one sheet to map. */
  title?: string;
  headers: string[];
  value: ImportMapping;
  fields: ImportField[];
  onChange: (next: ImportMapping) => void;
  /** A data-attribute to find the table (tests): the sheet index. */
  sheet: number;
}

export function ImportMappingTable({
  title,
  headers,
  value,
  fields,
  onChange,
  sheet,
}: ImportMappingTableProps) {
  const { t } = useTranslation();
  return (
    <>
      {title && <Text weight="semibold">{title}</Text>}
      <table data-import-mapping={sheet} style={{ borderCollapse: 'collapse' }}>
        <thead>
          <tr>
            <th style={{ textAlign: 'start' }}>{t('import.column')}</th>
            <th style={{ textAlign: 'start' }}>{t('import.field')}</th>
          </tr>
        </thead>
        <tbody>
          {headers.map((header, i) => (
            <tr key={i}>
              <td>{header}</td>
              <td>
                <Select
                  aria-label={header}
                  data-import-column={sheet === 0 ? i : `${sheet}:${i}`}
                  value={value[String(i)] ?? ''}
                  onChange={(_, d) => {
                    const next = { ...value };
                    if (d.value) next[String(i)] = d.value;
                    else delete next[String(i)];
                    onChange(next);
                  }}
                >
                  <option value="">{t('import.notImported')}</option>
                  {fields.map((f) => (
                    <option key={f.name} value={f.name}>
                      {f.label}
                      {f.required ? ' *' : ''}
                    </option>
                  ))}
                </Select>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
