/** Published versions of a definition, newest first; an older one can be made active again. */
import { Button, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { formatDate, localDigits } from '../../../renderers/format';
import { DataTable, type DataColumn } from '../../../renderers/table/DataTable';
import type { Lang } from '../../../runtime/shared/definition';
import { confirm } from '../../../runtime/ui/dialogs';
import type { VersionEntry } from './api';

const pad = (n: number) => String(n).padStart(2, '0');

/** Jalali date and local time of an ISO instant. */
export function formatAt(iso: string, lang: Lang): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const day = formatDate(`${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`, lang);
  return `${day} ${localDigits(`${pad(d.getHours())}:${pad(d.getMinutes())}`, lang)}`;
}

export interface VersionHistoryProps {
  versions: VersionEntry[];
  active: number;
  lang: Lang;
  onRollback: (version: number) => void;
}

export function VersionHistory({ versions, active, lang, onRollback }: VersionHistoryProps) {
  const { t } = useTranslation();
  const sorted = [...versions].sort((a, b) => b.version - a.version);
  const ask = async (version: number) => {
    if (await confirm(t('designer.history.confirm', { version: localDigits(String(version), lang) })))
      onRollback(version);
  };
  const columns: DataColumn<VersionEntry>[] = [
    {
      id: 'version',
      header: t('designer.history.version'),
      cell: (v) => (
        <>
          {localDigits(String(v.version), lang)}
          {v.version === active && ` (${t('designer.history.active')})`}
        </>
      ),
    },
    { id: 'at', header: t('designer.history.at'), cell: (v) => formatAt(v.publishedAt, lang) },
    // the publisher by display name; an id alone only when the user is gone
    {
      id: 'by',
      header: t('designer.history.by'),
      cell: (v) =>
        v.publishedByName ?? (v.publishedBy === null ? '' : localDigits(String(v.publishedBy), lang)),
    },
    { id: 'comment', header: t('designer.history.comment'), cell: (v) => v.comment ?? '' },
    {
      id: 'actions',
      cell: (v) =>
        v.version !== active && (
          <Button size="small" onClick={() => void ask(v.version)}>
            {t('designer.history.rollback', { version: localDigits(String(v.version), lang) })}
          </Button>
        ),
    },
  ];
  return (
    <DataTable
      label={t('designer.tabs.history')}
      columns={columns}
      rows={sorted}
      rowKey={(v) => v.version}
      rowProps={(v) => ({ 'aria-current': v.version === active || undefined })}
      empty={<Text>{t('designer.history.none')}</Text>}
    />
  );
}
