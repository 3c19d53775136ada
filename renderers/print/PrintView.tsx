/**
 * The print view of one row (or several, one after another): the definition's print format
 * (runtime/shared/printFormat.ts; the generic one when it declares none) drawn by the same sheet the
 * server's PDF draws (runtime/shared/print/PrintSheet.tsx): the company header from the settings,
 * Persian digits, the amount in words. Print calls window.print() (print CSS shows the sheet alone);
 * PDF asks the server's Print/Pdf.
 */
import {
  Button,
  makeStaticStyles,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Select,
  Spinner,
} from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createAttachmentsClient, type AttachmentsClientFactory } from '../../runtime/entity/attachments';
import type { EntityClient } from '../../runtime/entity/types';
import { localText, type EntityDefinition, type Lang } from '../../runtime/shared/definition';
import { printFormatOf, printFormatsOf, type PrintCompany } from '../../runtime/shared/printFormat';
import { PRINT_SHEET_CSS, PrintSheet } from '../../runtime/shared/print/PrintSheet';
import type { PrintModel } from '../../runtime/shared/print/printData';
import { downloadPrintPdf, loadPrintCompany } from '../../runtime/meta/printClient';
import { Thumbnail } from '../form/widgets/Thumbnail';
import { usePrintDocument } from './usePrintDocument';

export const PRINT_CLASS = 'erp-print';
const NO_PRINT = 'erp-print-hidden';

// on a narrow screen the sheet keeps an A4-like width and scrolls sideways, not squeezed
const usePrintCss = makeStaticStyles(`
@media screen {
  .${PRINT_CLASS} .ps { min-width: 170mm; }
}
@media print {
  body * { visibility: hidden; }
  .${PRINT_CLASS}, .${PRINT_CLASS} * { visibility: visible; }
  .${PRINT_CLASS} { position: absolute; inset: 0; padding: 12mm; }
  .${NO_PRINT} { display: none !important; }
}`);

// the sheet's own styles through Griffel (the CSP allows no inline <style> element)
const useSheetCss = makeStaticStyles(PRINT_SHEET_CSS);

const useStyles = makeStyles({
  // an A4 sheet on a narrow screen scrolls inside its box, not the whole page
  sheet: {
    display: 'flex',
    flexDirection: 'column',
    gap: '16px',
    padding: '16px',
    overflowX: 'auto',
    maxWidth: '100%',
  },
  many: { display: 'flex', flexDirection: 'column', gap: '16px', padding: '16px' },
  images: { display: 'flex', flexWrap: 'wrap', gap: '8px', alignItems: 'flex-end', margin: 0 },
  buttons: { display: 'flex', gap: '8px', alignItems: 'center' },
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
  /** The print format's name (default: the entity's default format). */
  format?: string;
  /** The company header (default: the server's Print/Company). */
  company?: () => Promise<PrintCompany>;
}

/** The image fields of the generic format, as pictures (the browser's attachments client). */
function Images({
  model,
  definition,
  attachments,
}: {
  model: PrintModel;
  definition: EntityDefinition;
  attachments: AttachmentsClientFactory;
}) {
  const styles = useStyles();
  return (
    <>
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
    </>
  );
}

export function PrintView(props: PrintViewProps) {
  const { definition, client, clientFor, id, lang, onPrint, onBack, part } = props;
  const attachments = props.attachments ?? createAttachmentsClient;
  usePrintCss();
  useSheetCss();
  const { t } = useTranslation();
  const styles = useStyles();
  const [formatName, setFormatName] = useState(props.format);
  const format = useMemo(() => printFormatOf(definition, formatName), [definition, formatName]);
  const doc = usePrintDocument(
    definition,
    format,
    client,
    clientFor,
    id,
    lang,
    props.company ?? loadPrintCompany,
  );
  if (doc.state === 'loading') return <Spinner label={t('print.loading')} />;
  if (doc.state === 'failed')
    return (
      <MessageBar intent="error" role="alert">
        <MessageBarBody>{t('print.notFound')}</MessageBarBody>
      </MessageBar>
    );
  const body = (
    <>
      {doc.sheets.map((sheet, i) => (
        <PrintSheet key={i} model={sheet} next={part === 'next' || i > 0} />
      ))}
      {format.name === 'generic' && (
        <Images model={doc.generic} definition={definition} attachments={attachments} />
      )}
    </>
  );
  if (part)
    return (
      <div data-print-id={id} className={styles.sheet}>
        {body}
      </div>
    );
  return (
    <div className={`${PRINT_CLASS} ${styles.sheet}`} data-print-id={id}>
      <PrintButtons
        onPrint={onPrint}
        onBack={onBack}
        definition={definition}
        ids={[id]}
        format={format.name}
        onFormat={setFormatName}
        lang={lang}
      />
      {body}
    </div>
  );
}

interface ButtonsProps extends Pick<PrintViewProps, 'onPrint' | 'onBack' | 'definition' | 'lang'> {
  ids: number[];
  format: string;
  onFormat?: (name: string) => void;
}

/** Print, PDF (the server's), the format when there are several, and Back (not printed). */
export function PrintButtons({ onPrint, onBack, definition, ids, format, onFormat, lang }: ButtonsProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [failed, setFailed] = useState(false);
  const formats = printFormatsOf(definition);
  const pdf = async () => {
    setFailed(false);
    try {
      const blob = await downloadPrintPdf(definition, ids, format === 'generic' ? undefined : format);
      window.open(URL.createObjectURL(blob), '_blank');
    } catch {
      setFailed(true);
    }
  };
  return (
    <div className={`${NO_PRINT} ${styles.buttons}`}>
      <Button appearance="primary" onClick={() => (onPrint ?? (() => window.print()))()}>
        {t('print.button')}
      </Button>
      <Button onClick={() => void pdf()}>{t('printFormat.pdf')}</Button>
      {formats.length > 1 && onFormat && (
        <Select aria-label={t('printFormat.format')} value={format} onChange={(_e, d) => onFormat(d.value)}>
          {formats.map((f) => (
            <option key={f.name} value={f.name}>
              {localText(f.title, lang)}
            </option>
          ))}
        </Select>
      )}
      {onBack && <Button onClick={onBack}>{t('print.back')}</Button>}
      {failed && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{t('printFormat.pdfFailed')}</MessageBarBody>
        </MessageBar>
      )}
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
      <PrintButtons
        onPrint={onPrint}
        onBack={onBack}
        definition={rest.definition}
        lang={rest.lang}
        ids={ids}
        format={printFormatOf(rest.definition, rest.format).name}
      />
      {ids.map((id, i) => (
        <PrintView key={id} {...rest} id={id} part={i === 0 ? 'first' : 'next'} />
      ))}
    </div>
  );
}
