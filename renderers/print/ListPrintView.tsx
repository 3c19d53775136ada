/**
 * The list print of a grid (docs/print.md «List print»): the rows the grid's filter, sort and search
 * selected, read by the server's Print/List (row scope, field permissions, at most its cap), drawn
 * as one table by ListSheet under the company header. Print calls window.print(); Back returns to
 * the grid. The same print CSS as the document print view shows the sheet alone on paper.
 */
import {
  Button,
  makeStaticStyles,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Spinner,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { EntityDefinition, Lang } from '../../runtime/shared/definition';
import { todayIso } from '../../runtime/shared/jalali';
import type { PrintCompany } from '../../runtime/shared/printFormat';
import { PRINT_SHEET_CSS } from '../../runtime/shared/print/PrintSheet';
import { ListSheet } from '../../runtime/shared/print/ListSheet';
import { listSheet, type ListPrintAnswer, type ListPrintRequest } from '../../runtime/shared/print/listSheet';
import { sheetLabels } from '../../runtime/shared/print/sheetModel';
import { loadListPrint, loadPrintCompany } from '../../runtime/meta/printClient';
import { useLoad } from '../hooks/useLoad';
import { PRINT_CLASS } from './PrintView';

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
const useSheetCss = makeStaticStyles(PRINT_SHEET_CSS);

const useStyles = makeStyles({
  // a wide table on a narrow screen scrolls inside its box, not the whole page
  sheet: {
    display: 'flex',
    flexDirection: 'column',
    gap: '16px',
    padding: '16px',
    overflowX: 'auto',
    maxWidth: '100%',
  },
  buttons: { display: 'flex', gap: '8px', alignItems: 'center' },
});

export interface ListPrintViewProps {
  definition: EntityDefinition;
  request: ListPrintRequest;
  lang: Lang;
  /** Defaults to the server's Print/List. */
  load?: (definition: EntityDefinition, request: ListPrintRequest) => Promise<ListPrintAnswer>;
  /** Defaults to the server's Print/Company. */
  company?: () => Promise<PrintCompany>;
  onPrint?: () => void;
  onBack?: () => void;
}

export function ListPrintView(props: ListPrintViewProps) {
  const { definition, request, lang, onBack } = props;
  usePrintCss();
  useSheetCss();
  const { t } = useTranslation();
  const styles = useStyles();
  const load = props.load ?? loadListPrint;
  const company = props.company ?? loadPrintCompany;
  const doc = useLoad(async () => {
    const [answer, header] = await Promise.all([load(definition, request), company()]);
    return listSheet({
      definition,
      answer,
      company: header,
      lang,
      today: todayIso(),
      q: request.q,
      labels: {
        row: t('print.row'),
        sum: t('printFormat.sum'),
        printedAt: t('print.printedAt'),
        count: (count) => t('printList.count', { count }),
        cut: (max, total) => t('printList.cut', { max, total }),
        search: (text) => t('printList.search', { text }),
      },
    });
  }, [definition, request, lang, load, company, t]);
  if (doc.failed)
    return (
      <MessageBar intent="error" role="alert">
        <MessageBarBody>{t('printList.failed')}</MessageBarBody>
      </MessageBar>
    );
  if (!doc.data) return <Spinner label={t('print.loading')} />;
  return (
    <div className={`${PRINT_CLASS} ${styles.sheet}`}>
      <div className={`${NO_PRINT} ${styles.buttons}`}>
        <Button appearance="primary" onClick={() => (props.onPrint ?? (() => window.print()))()}>
          {t('print.button')}
        </Button>
        {onBack && <Button onClick={onBack}>{t('print.back')}</Button>}
      </div>
      <ListSheet sheet={doc.data} companyLabels={sheetLabels((key) => t(key))} />
    </div>
  );
}
