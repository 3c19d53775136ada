/**
 * Generic print view of one row of any definition: header (entity title, display field), the
 * fields, each child table, money totals and the amount in Persian words; right to left in
 * Persian. The Print button calls window.print(); print CSS shows the sheet alone.
 */
import {
  Button,
  makeStaticStyles,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Spinner,
  tokens,
} from '@fluentui/react-components';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { createAttachmentsClient, type AttachmentsClientFactory } from '../../runtime/entity/attachments';
import type { EntityClient } from '../../runtime/entity/types';
import type { EntityDefinition, Lang } from '../../runtime/shared/definition';
import { todayIso } from '../../runtime/shared/jalali';
import { formatDate, localDigits } from '../format';
import { Thumbnail } from '../form/widgets/Thumbnail';
import { printModel, type PrintModel } from './printData';
import { usePrintDocument } from './usePrintDocument';

export const PRINT_CLASS = 'erp-print';
const NO_PRINT = 'erp-print-hidden';

const usePrintCss = makeStaticStyles(`
@media print {
  body * { visibility: hidden; }
  .${PRINT_CLASS}, .${PRINT_CLASS} * { visibility: visible; }
  .${PRINT_CLASS} { position: absolute; inset: 0; padding: 12mm; }
  .${NO_PRINT} { display: none !important; }
}`);

const useStyles = makeStyles({
  sheet: { display: 'flex', flexDirection: 'column', gap: '16px', maxWidth: '960px', padding: '16px' },
  head: {
    display: 'flex',
    justifyContent: 'space-between',
    alignItems: 'baseline',
    borderBottom: `2px solid ${tokens.colorNeutralStroke1}`,
  },
  fields: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
    gap: '6px 24px',
    margin: 0,
  },
  table: {
    borderCollapse: 'collapse',
    width: '100%',
    '& th, & td': { border: `1px solid ${tokens.colorNeutralStroke1}`, padding: '4px 8px' },
  },
  num: { textAlign: 'end', whiteSpace: 'nowrap' },
  totals: { marginInlineStart: 'auto', minWidth: '320px' },
  words: { fontWeight: 600 },
  // each document of several on a page of its own
  pageBreak: { breakBefore: 'page', borderTop: `1px dashed ${tokens.colorNeutralStroke1}` },
  many: { display: 'flex', flexDirection: 'column', gap: '16px', padding: '16px' },
  images: { display: 'flex', flexWrap: 'wrap', gap: '8px', alignItems: 'flex-end', margin: 0 },
});

export interface PrintViewProps {
  definition: EntityDefinition;
  client: Pick<EntityClient, 'get' | 'print'>;
  clientFor?: (entityKey: string) => Pick<EntityClient, 'get'>;
  id: number;
  lang: Lang;
  /** Clients of image fields (default: the server's Attachments API). */
  attachments?: AttachmentsClientFactory;
  /** Defaults to window.print. */
  onPrint?: () => void;
  onBack?: () => void;
  /**
   * One document of several (MultiPrintView): no buttons of its own and no print class (the
   * enclosing sheet has them); a page break before every document but the first.
   */
  part?: 'first' | 'next';
}

interface SheetProps {
  model: PrintModel;
  lang: Lang;
  definition: EntityDefinition;
  attachments: AttachmentsClientFactory;
}

function Sheet({ model, lang, definition, attachments }: SheetProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <>
      <header className={styles.head}>
        <h1>{model.title}</h1>
        <h2>{localDigits(model.heading, lang)}</h2>
      </header>
      <dl className={styles.fields}>
        {model.fields.map((f) => (
          <div key={f.name} data-field={f.name}>
            <dt style={{ display: 'inline', fontWeight: 600 }}>{f.label}: </dt>
            <dd style={{ display: 'inline', margin: 0 }}>{f.text}</dd>
          </div>
        ))}
      </dl>
      {model.images.map((f) => {
        const files = attachments(definition, f.name);
        return (
          <figure key={f.name} data-field={f.name} className={styles.images}>
            {f.ids.map((id) => (
              <Thumbnail key={id} client={files} id={id} alt={f.label} size="large" />
            ))}
            <figcaption>{f.label}</figcaption>
          </figure>
        );
      })}
      {model.tables.map((table) => (
        <section key={table.name} aria-label={table.label}>
          <h3>{table.label}</h3>
          <table className={styles.table}>
            <thead>
              <tr>
                <th>{t('print.row')}</th>
                {table.columns.map((c) => (
                  <th key={c.name}>{c.label}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((cells, i) => (
                <tr key={i}>
                  <td className={styles.num}>{localDigits(String(i + 1), lang)}</td>
                  {cells.map((text, j) => (
                    <td
                      key={table.columns[j]!.name}
                      className={table.columns[j]!.numeric ? styles.num : undefined}
                    >
                      {text}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
      {model.totals.length > 0 && (
        <table className={`${styles.table} ${styles.totals}`} aria-label={t('print.totals')}>
          <tbody>
            {model.totals.map((f) => (
              <tr key={f.name} data-field={f.name}>
                <th scope="row">{f.label}</th>
                <td className={styles.num}>{f.text}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {model.words && (
        <p className={styles.words} data-field="amountInWords">
          {t('print.amountInWords')}: {model.words}
        </p>
      )}
      <footer>
        {t('print.printedAt')}: {formatDate(todayIso(), lang)}
      </footer>
    </>
  );
}

export function PrintView(props: PrintViewProps) {
  const { definition, client, clientFor, id, lang, onPrint, onBack, part } = props;
  const attachments = props.attachments ?? createAttachmentsClient;
  usePrintCss();
  const { t } = useTranslation();
  const styles = useStyles();
  const doc = usePrintDocument(definition, client, clientFor, id);
  const model = useMemo(
    () => (doc.state === 'ready' ? printModel(definition, doc.row, doc.texts, lang) : null),
    [doc, definition, lang],
  );
  if (doc.state === 'loading') return <Spinner label={t('print.loading')} />;
  if (!model)
    return (
      <MessageBar intent="error" role="alert">
        <MessageBarBody>{t('print.notFound')}</MessageBarBody>
      </MessageBar>
    );
  if (part)
    return (
      <article
        className={part === 'next' ? `${styles.sheet} ${styles.pageBreak}` : styles.sheet}
        dir={lang === 'fa' ? 'rtl' : 'ltr'}
        lang={lang}
        data-print-id={id}
      >
        <Sheet model={model} lang={lang} definition={definition} attachments={attachments} />
      </article>
    );
  return (
    <article className={`${PRINT_CLASS} ${styles.sheet}`} dir={lang === 'fa' ? 'rtl' : 'ltr'} lang={lang}>
      <PrintButtons onPrint={onPrint} onBack={onBack} />
      <Sheet model={model} lang={lang} definition={definition} attachments={attachments} />
    </article>
  );
}

/** The Print and Back buttons above the sheet (not printed). */
export function PrintButtons({ onPrint, onBack }: Pick<PrintViewProps, 'onPrint' | 'onBack'>) {
  const { t } = useTranslation();
  return (
    <div className={NO_PRINT} style={{ display: 'flex', gap: '8px' }}>
      <Button appearance="primary" onClick={() => (onPrint ?? (() => window.print()))()}>
        {t('print.button')}
      </Button>
      {onBack && <Button onClick={onBack}>{t('print.back')}</Button>}
    </div>
  );
}

/**
 * Several rows of one definition printed one after another (the grid's «چاپ انتخاب‌شده‌ها»): one
 * Print button, each document on its own page. Each row is read with Print, so the server checks
 * the print permission and row scope of every id.
 */
export function MultiPrintView(props: Omit<PrintViewProps, 'id' | 'part'> & { ids: number[] }) {
  const { ids, onPrint, onBack, ...rest } = props;
  usePrintCss();
  const styles = useStyles();
  return (
    <div className={`${PRINT_CLASS} ${styles.many}`} data-print-many={ids.length}>
      <PrintButtons onPrint={onPrint} onBack={onBack} />
      {ids.map((id, i) => (
        <PrintView key={id} {...rest} id={id} part={i === 0 ? 'first' : 'next'} />
      ))}
    </div>
  );
}
