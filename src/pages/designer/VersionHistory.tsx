/** Published versions of a definition, newest first; an older one can be made active again. */
import {
  Button,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { formatDate, localDigits } from '../../../renderers/format';
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
  if (versions.length === 0) return <Text>{t('designer.history.none')}</Text>;
  const sorted = [...versions].sort((a, b) => b.version - a.version);
  const ask = async (version: number) => {
    if (await confirm(t('designer.history.confirm', { version: localDigits(String(version), lang) })))
      onRollback(version);
  };
  return (
    <Table aria-label={t('designer.tabs.history')} size="small">
      <TableHeader>
        <TableRow>
          <TableHeaderCell>{t('designer.history.version')}</TableHeaderCell>
          <TableHeaderCell>{t('designer.history.at')}</TableHeaderCell>
          <TableHeaderCell>{t('designer.history.by')}</TableHeaderCell>
          <TableHeaderCell>{t('designer.history.comment')}</TableHeaderCell>
          <TableHeaderCell />
        </TableRow>
      </TableHeader>
      <TableBody>
        {sorted.map((v) => (
          <TableRow key={v.version} aria-current={v.version === active || undefined}>
            <TableCell>
              {localDigits(String(v.version), lang)}
              {v.version === active && ` (${t('designer.history.active')})`}
            </TableCell>
            <TableCell>{formatAt(v.publishedAt, lang)}</TableCell>
            <TableCell>{v.publishedBy}</TableCell>
            <TableCell>{v.comment ?? ''}</TableCell>
            <TableCell>
              {v.version !== active && (
                <Button size="small" onClick={() => void ask(v.version)}>
                  {t('designer.history.rollback', { version: localDigits(String(v.version), lang) })}
                </Button>
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
