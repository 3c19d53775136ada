/**
 * The one generic report screen (/{module}/report/{name}), a thin view of its controller
 * (useReport): the title, the parameter bar (Enter or Run runs), Export XLSX and Print, the line of
 * the parameters the report ran with, and its table. Printing shows the title, that line and the
 * table alone (no shell, no buttons).
 */
import {
  Button,
  makeStaticStyles,
  makeStyles,
  mergeClasses,
  MessageBar,
  MessageBarBody,
  Spinner,
  Text,
  Title3,
  tokens,
} from '@fluentui/react-components';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { EntityClient } from '../../runtime/entity/types';
import { localText, type Lang } from '../../runtime/shared/definition';
import type { ReportParam } from '../../runtime/shared/reportDefinition';
import { PHONE_QUERY } from '../../runtime/ui/viewport';
import { localDigits } from '../format';
import { paramLine } from './paramLine';
import { ReportParamBar } from './ReportParamBar';
import { REPORT_SCROLL_CLASS, ReportTable } from './ReportTable';
import type { ReportController } from './useReport';
import { useLookupTargets, useLookupTexts, type LookupTargetOf } from './useParamLookups';

export interface ReportScreenProps {
  report: ReportController;
  lang: Lang;
  /** Clients of looked-up entities (lookup parameters). */
  clientFor?: (entityKey: string) => EntityClient;
  /** What a lookup parameter searches and shows, from its entity. */
  lookupTargetOf?: LookupTargetOf;
  /** Defaults to window.print. */
  onPrint?: () => void;
}

const NO_PARAMS: readonly ReportParam[] = [];

const PRINT_CLASS = 'erp-report-print';
const NO_PRINT = 'erp-report-noprint';

const usePrintCss = makeStaticStyles(`
@media print {
  body * { visibility: hidden; }
  .${PRINT_CLASS}, .${PRINT_CLASS} * { visibility: visible; }
  .${PRINT_CLASS} { position: absolute; top: 0; left: 0; right: 0; padding: 8mm; }
  .${NO_PRINT} { display: none !important; }
  .${REPORT_SCROLL_CLASS} { overflow: visible !important; }
  .${PRINT_CLASS} table { display: table !important; width: 100% !important; max-width: none !important; overflow: visible !important; }
  .${PRINT_CLASS} th, .${PRINT_CLASS} td { position: static !important; border-bottom: 1px solid #999; }
  .${PRINT_CLASS} a { color: inherit; text-decoration: none; }
}`);

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: '12px', minWidth: 0, maxWidth: '100%' },
  title: { display: 'block', margin: 0, overflowWrap: 'anywhere' },
  form: { display: 'flex', flexDirection: 'column', gap: '12px', minWidth: 0 },
  actions: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: '8px',
    [`@media ${PHONE_QUERY}`]: { '& > button': { flex: '1 1 auto' } },
  },
  line: { color: tokens.colorNeutralForeground2, overflowWrap: 'anywhere' },
  problems: { margin: 0, paddingInlineStart: '16px' },
});

export function ReportScreen({ report, lang, clientFor, lookupTargetOf, onPrint }: ReportScreenProps) {
  usePrintCss();
  const { t } = useTranslation();
  const styles = useStyles();
  const id = useId();
  const definition = report.definition;
  const params = definition?.params ?? NO_PARAMS;
  const lookups = useLookupTargets(params, lookupTargetOf);
  const lookupTexts = useLookupTexts(params, report.shownParams, lookups, clientFor, lang);
  const dir = lang === 'fa' ? 'rtl' : 'ltr';

  if (report.definitionFailed)
    return (
      <MessageBar intent="error" role="alert">
        <MessageBarBody>{t('reportScreen.notFound')}</MessageBarBody>
      </MessageBar>
    );
  if (!definition) return <Spinner label={t('app.loading')} />;

  const title = localDigits(localText(definition.title, lang), lang);
  const { result, running } = report;
  const line = result ? paramLine(params, report.shownParams, lang, t, lookupTexts) : [];
  const print = onPrint ?? (() => window.print());

  return (
    <section
      className={mergeClasses(styles.page, PRINT_CLASS)}
      dir={dir}
      aria-labelledby={`${id}-title`}
      aria-busy={running}
      data-report={`${definition.module}.${definition.name}`}
    >
      <Title3 as="h1" id={`${id}-title`} className={styles.title}>
        {title}
      </Title3>
      <form
        className={mergeClasses(styles.form, NO_PRINT)}
        aria-label={t('reportScreen.params')}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          report.run();
        }}
      >
        {params.length > 0 && (
          <ReportParamBar
            params={params}
            values={report.values}
            setValue={report.setValue}
            lang={lang}
            lookups={lookups}
            clientFor={clientFor}
            idPrefix={`${id}-p`}
          />
        )}
        <div className={styles.actions}>
          <Button type="submit" appearance="primary" disabled={running}>
            {t('reportScreen.run')}
          </Button>
          <Button
            type="button"
            disabled={!result || report.exporting}
            onClick={() => void report.exportXlsx()}
          >
            {report.exporting ? t('reportScreen.exporting') : t('reportScreen.export')}
          </Button>
          <Button type="button" disabled={!result} onClick={print}>
            {t('print.button')}
          </Button>
          {running && <Spinner size="tiny" label={t('reportScreen.running')} />}
        </div>
      </form>
      {report.showProblems && report.problems.length > 0 && (
        <MessageBar intent="warning" role="alert" className={NO_PRINT}>
          <MessageBarBody>
            <ul className={styles.problems}>
              {report.problems.map(({ param, problem }) => (
                <li key={param.name}>
                  {t(`reportScreen.${problem}`, {
                    label: localDigits(localText(param.label, lang), lang),
                  })}
                </li>
              ))}
            </ul>
          </MessageBarBody>
        </MessageBar>
      )}
      {line.length > 0 && (
        <Text as="p" className={styles.line} data-param-line="">
          {line.map((part) => `${part.label}: ${part.text}`).join(t('reportScreen.separator'))}
        </Text>
      )}
      {result?.truncated && (
        <MessageBar intent="info" className={NO_PRINT}>
          <MessageBarBody>
            {t('reportScreen.truncated', { count: localDigits(String(result.rows.length), lang) })}
          </MessageBarBody>
        </MessageBar>
      )}
      {result ? (
        <ReportTable
          label={title}
          columns={report.columns}
          result={result}
          levelField={definition.levelField}
          lang={lang}
          drillTarget={report.drillTarget}
          onDrill={report.drill}
        />
      ) : report.runFailed ? (
        <MessageBar intent="error">
          <MessageBarBody>{t('reportScreen.failed')}</MessageBarBody>
        </MessageBar>
      ) : (
        !running && (
          <Text as="p" role="status">
            {t('reportScreen.hint')}
          </Text>
        )
      )}
    </section>
  );
}
