/**
 * The history of one record (GetAudit): each write with its action, user and Jalali time, the
 * field changes (before → after, labels from the definition) and the document's line changes.
 */
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  makeStyles,
} from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localText, type EntityDefinition, type Lang } from '../../runtime/shared/definition';
import { fieldLabel } from '../../runtime/shared/fieldKind';
import type { AuditEntry, FieldDiff } from '../../runtime/shared/reports';
import { localDigits } from '../format/digits';
import { auditValue, formatInstant } from './values';

export interface HistoryDialogProps {
  definition: EntityDefinition;
  lang: Lang;
  /** Loads the record's audit entries (EntityClient.getAudit). */
  load: () => Promise<AuditEntry[]>;
  onClose: () => void;
}

const useStyles = makeStyles({
  entry: { marginBottom: '16px' },
  heading: { fontWeight: 600, margin: '4px 0' },
});

type Fields = Pick<EntityDefinition, 'schema' | 'fields'>;

function DiffTable({ diff, fields, lang }: { diff: FieldDiff; fields: Fields; lang: Lang }) {
  const { t } = useTranslation();
  const names = Object.keys(diff);
  if (names.length === 0) return null;
  return (
    <Table size="extra-small" aria-label={t('history.title')}>
      <TableHeader>
        <TableRow>
          <TableHeaderCell>{t('history.field')}</TableHeaderCell>
          <TableHeaderCell>{t('history.before')}</TableHeaderCell>
          <TableHeaderCell>{t('history.after')}</TableHeaderCell>
        </TableRow>
      </TableHeader>
      <TableBody>
        {names.map((name) => {
          const [before, after] = diff[name]!;
          return (
            <TableRow key={name} data-field={name}>
              <TableCell>{fieldLabel(fields, name, lang)}</TableCell>
              <TableCell>{auditValue(fields, name, before, lang)}</TableCell>
              <TableCell>{auditValue(fields, name, after, lang)}</TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

function Entry({ entry, definition, lang }: { entry: AuditEntry; definition: EntityDefinition; lang: Lang }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const child = (name: string): Fields =>
    definition.children?.[name] ?? { schema: { type: 'object', properties: {} }, fields: {} };
  const childLabel = (name: string) => localText(definition.children?.[name]?.label, lang) || name;
  const line = (c: string, index: number) =>
    t('history.line', { n: localDigits(String(index + 1), lang), child: childLabel(c) });
  const asDiff = (values: Record<string, unknown>, added: boolean): FieldDiff =>
    Object.fromEntries(Object.entries(values).map(([k, v]) => [k, added ? [null, v] : [v, null]]));
  const lines = entry.lines;
  return (
    <article className={styles.entry} data-action={entry.action}>
      <p className={styles.heading}>
        {t('history.entry', {
          action: t(`history.${entry.action}`),
          user: entry.user?.displayName || t('history.unknownUser'),
          at: formatInstant(entry.at, lang),
        })}
      </p>
      <DiffTable diff={entry.diff} fields={definition} lang={lang} />
      {lines?.changed.map((c) => (
        <section key={`c-${c.child}-${c.index}`} aria-label={t('history.linesChanged')}>
          <p>{`${t('history.linesChanged')}: ${line(c.child, c.index)}`}</p>
          <DiffTable diff={c.diff} fields={child(c.child)} lang={lang} />
        </section>
      ))}
      {lines?.added.map((a) => (
        <section key={`a-${a.child}-${a.index}`} aria-label={t('history.linesAdded')}>
          <p>{`${t('history.linesAdded')}: ${line(a.child, a.index)}`}</p>
          <DiffTable diff={asDiff(a.values, true)} fields={child(a.child)} lang={lang} />
        </section>
      ))}
      {lines?.removed.map((r) => (
        <section key={`r-${r.child}-${r.index}`} aria-label={t('history.linesRemoved')}>
          <p>{`${t('history.linesRemoved')}: ${line(r.child, r.index)}`}</p>
          <DiffTable diff={asDiff(r.values, false)} fields={child(r.child)} lang={lang} />
        </section>
      ))}
    </article>
  );
}

export function HistoryDialog({ definition, lang, load, onClose }: HistoryDialogProps) {
  const { t } = useTranslation();
  const [entries, setEntries] = useState<AuditEntry[] | null>(null);
  useEffect(() => {
    let alive = true;
    load().then(
      (e) => alive && setEntries(e),
      () => alive && onClose(), // the pipeline has shown the error
    );
    return () => {
      alive = false;
    };
  }, [load, onClose]);
  return (
    <Dialog open modalType="modal" onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface dir={lang === 'fa' ? 'rtl' : 'ltr'} style={{ maxWidth: 'min(860px, 96vw)' }}>
        <DialogBody>
          <DialogTitle>{`${t('history.title')}: ${localText(definition.title, lang)}`}</DialogTitle>
          <DialogContent>
            {entries === null ? (
              <Spinner label={t('app.loading')} />
            ) : entries.length === 0 ? (
              <p>{t('history.empty')}</p>
            ) : (
              entries.map((e, i) => <Entry key={i} entry={e} definition={definition} lang={lang} />)
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('history.close')}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
