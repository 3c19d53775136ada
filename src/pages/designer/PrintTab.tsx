/**
 * The designer's «print formats» tab: the print formats editor (renderers/designer/
 * PrintFormatsEditor.tsx) and under it a live preview of the chosen format drawn by the real sheet
 * (runtime/shared/print/PrintSheet.tsx, the one the print view and the server's PDF draw) over a
 * sample document, at A4 width (a narrow screen scrolls the sheet in its frame). The definitions of
 * the entities the draft looks up are read once, so pickers offer their fields by label.
 */
import { makeStaticStyles, makeStyles, Text, tokens } from '@fluentui/react-components';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  PrintFormatsEditor,
  formatsOf,
  lookedUpEntities,
  printSample,
  withPrintFormats,
  type PrintSource,
} from '../../../renderers/designer';
import { loadPrintCompany } from '../../../runtime/meta/printClient';
import type { EntityDefinition, Lang } from '../../../runtime/shared/definition';
import { todayIso } from '../../../runtime/shared/jalali';
import { PRINT_SHEET_CSS, PrintSheet } from '../../../runtime/shared/print/PrintSheet';
import { sheetLabels, sheetModel } from '../../../runtime/shared/print/sheetModel';
import type { PrintCompany } from '../../../runtime/shared/printFormat';
import { designerApi } from './api';

// the sheet's own styles through Griffel (the CSP allows no inline <style> element)
const useSheetCss = makeStaticStyles(PRINT_SHEET_CSS);

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: '16px', minWidth: 0 },
  frame: {
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground3,
    padding: '12px',
    overflowX: 'auto',
    maxWidth: '100%',
    boxSizing: 'border-box',
  },
  // an A4 page: 210 mm wide, 10 mm margins (the sheet itself is at most 190 mm)
  page: {
    width: '210mm',
    minHeight: '120mm',
    boxSizing: 'border-box',
    padding: '10mm',
    marginInline: 'auto',
    backgroundColor: '#fff',
    boxShadow: tokens.shadow4,
  },
  hint: { color: tokens.colorNeutralForeground3 },
});

/** Definitions already read in this page (lookup targets do not change while one is edited). */
const known = new Map<string, Promise<PrintSource | null>>();

function definitionOf(key: string): Promise<PrintSource | null> {
  let got = known.get(key);
  if (!got) {
    got = designerApi.get(key).then(
      (d) => d.definition,
      () => null,
    );
    known.set(key, got);
  }
  return got;
}

export function PrintTab({
  draft,
  lang,
  onChange,
  onProblem,
}: {
  draft: EntityDefinition;
  lang: Lang;
  onChange: (next: EntityDefinition) => void;
  onProblem: (id: string, problem: boolean) => void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  useSheetCss();
  const formats = formatsOf(draft);
  const [selected, setSelected] = useState(() =>
    Math.max(
      0,
      formats.findIndex((f) => f.default),
    ),
  );
  const [lookups, setLookups] = useState<ReadonlyMap<string, PrintSource>>(new Map());
  const [company, setCompany] = useState<PrintCompany>({});
  const wanted = lookedUpEntities(draft).join(',');

  useEffect(() => {
    let live = true;
    void loadPrintCompany().then((c) => live && setCompany(c));
    return () => {
      live = false;
    };
  }, []);
  useEffect(() => {
    let live = true;
    const keys = wanted ? wanted.split(',') : [];
    void Promise.all(keys.map(async (k) => [k, await definitionOf(k)] as const)).then((pairs) => {
      if (!live) return;
      const map = new Map<string, PrintSource>();
      for (const [k, d] of pairs) if (d) map.set(k, d);
      setLookups(map);
    });
    return () => {
      live = false;
    };
  }, [wanted]);
  // the entity itself, when it looks up its own rows (a parent account), as the draft says now
  const sources = useMemo(
    () => new Map([...lookups, [`${draft.module}.${draft.name}`, draft as PrintSource]]),
    [lookups, draft],
  );

  // the chosen format, within the list as it is now (one removed may leave the index past the end)
  const chosen = Math.min(selected, Math.max(0, formats.length - 1));
  const format = formats[chosen];
  const model = useMemo(() => {
    if (!format) return null;
    const sample = printSample(draft, format, sources, lang);
    return sheetModel({
      definition: draft,
      format,
      ...sample,
      company,
      lang,
      labels: sheetLabels((key) => t(key)),
      today: todayIso(),
    });
  }, [draft, format, sources, lang, company, t]);

  return (
    <div className={styles.root}>
      <PrintFormatsEditor
        definition={draft}
        lookups={sources}
        lang={lang}
        selected={chosen}
        onSelect={setSelected}
        onChange={(next) => onChange(withPrintFormats(draft, next))}
        onProblem={onProblem}
      />
      {model && (
        <section aria-label={t('printDesigner.preview')} data-print-preview="">
          <Text size={200} className={styles.hint}>
            {t('printDesigner.previewHint')}
          </Text>
          <div className={styles.frame}>
            <div className={styles.page}>
              <PrintSheet model={model} />
            </div>
          </div>
        </section>
      )}
    </div>
  );
}
