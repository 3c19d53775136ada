/**
 * The designer's print formats editor (docs/print.md «The print formats designer»): the entity's
 * formats (add, rename in fa/en, remove, mark the one default) and the blocks of the chosen one
 * (add, move up and down with buttons, remove, edit by kind in PrintBlockEditor). The problems of
 * printFormatChecks, the same the server's publish check words, show in Persian next to their
 * format or block. Edits are pure functions of printDraft.ts.
 */
import {
  Button,
  Checkbox,
  Field,
  Input,
  makeStyles,
  mergeClasses,
  Select,
  Text,
  tokens,
} from '@fluentui/react-components';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { localText, type EntityDefinition, type Lang, type LocalText } from '../../runtime/shared/definition';
import { localDigits } from '../../runtime/shared/fieldKinds/numberText';
import { printFormatChecks, type PrintCheck } from '../../runtime/shared/print/formatChecks';
import { PRINT_BLOCK_KINDS, type PrintBlockKind, type PrintFormat } from '../../runtime/shared/printFormat';
import { LocalInputs, PrintBlockEditor } from './PrintBlockEditor';
import {
  addBlock,
  addFormat,
  changeBlock,
  changeFormat,
  formatsOf,
  moveBlock,
  newBlock,
  removeBlock,
  removeFormat,
  setDefault,
  type DraftTexts,
  type LookupDefinitions,
} from './printDraft';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: '12px', minWidth: 0 },
  bar: { display: 'flex', flexWrap: 'wrap', gap: '8px', alignItems: 'end' },
  format: {
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusLarge,
    padding: '8px 12px 12px',
    display: 'flex',
    flexDirection: 'column',
    gap: '8px',
  },
  blocks: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '8px' },
  block: {
    border: `1px dashed ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    padding: '8px',
    display: 'flex',
    flexDirection: 'column',
    gap: '6px',
    backgroundColor: tokens.colorNeutralBackground2,
  },
  bad: { outline: `2px solid ${tokens.colorPaletteRedBorder2}` },
  head: { display: 'flex', flexWrap: 'wrap', gap: '4px 8px', alignItems: 'center' },
  title: { fontWeight: tokens.fontWeightSemibold, flexGrow: 1, margin: 0, fontSize: tokens.fontSizeBase300 },
  problems: { margin: 0, paddingInlineStart: '20px', color: tokens.colorPaletteRedForeground1 },
});

export interface PrintFormatsEditorProps {
  definition: EntityDefinition;
  lookups: LookupDefinitions;
  lang: Lang;
  /** The format being edited (index in printFormats). */
  selected: number;
  onSelect: (index: number) => void;
  onChange: (formats: PrintFormat[]) => void;
  onProblem?: (id: string, problem: boolean) => void;
}

export function PrintFormatsEditor(props: PrintFormatsEditorProps) {
  const { definition, lookups, lang, selected, onSelect, onChange, onProblem } = props;
  const { t } = useTranslation();
  const styles = useStyles();
  const root = useRef<HTMLDivElement>(null);
  const formats = formatsOf(definition);
  const checks = useMemo(() => printFormatChecks(definition), [definition]);
  const digits = (n: number) => localDigits(String(n), lang);
  // a new format's or block's texts in Persian (always), and in English under en
  const text = (key: string): LocalText => {
    const fa = t(`printDesigner.${key}`, { lng: 'fa' });
    return lang === 'en' ? { fa, en: t(`printDesigner.${key}`) } : { fa };
  };
  const texts: DraftTexts = {
    format: text('newFormat'),
    party: text('newParty'),
    signature: text('newSign'),
  };
  const problemList = (list: PrintCheck[]) =>
    list.length > 0 && (
      <ul className={styles.problems} data-print-problems="">
        {list.map((c, i) => (
          <li key={i}>{t(`printDesigner.check.${c.key}`, c.params)}</li>
        ))}
      </ul>
    );
  // after a move the focus follows the block to its new place (its other button at an edge)
  const focusLater = (block: number, button: 'up' | 'down') =>
    requestAnimationFrame(() => {
      const at = root.current?.querySelector(`[data-print-block="${block}"]`);
      const other = button === 'up' ? 'down' : 'up';
      const target =
        at?.querySelector<HTMLElement>(`[data-move="${button}"]:not([disabled])`) ??
        at?.querySelector<HTMLElement>(`[data-move="${other}"]`);
      target?.focus();
    });

  const format = formats[selected];
  const formatTitle = (f: PrintFormat) => localText(f.title, lang) || f.name;
  return (
    <div className={styles.root} ref={root} data-print-designer="">
      <div className={styles.bar} role="group" aria-label={t('printDesigner.formats')}>
        {formats.map((f, i) => (
          <Button
            key={i}
            aria-pressed={i === selected}
            appearance={i === selected ? 'primary' : 'secondary'}
            onClick={() => onSelect(i)}
          >
            {f.default ? t('printDesigner.defaultMark', { title: formatTitle(f) }) : formatTitle(f)}
          </Button>
        ))}
        <Button
          onClick={() => {
            onChange(addFormat(definition, texts));
            onSelect(formats.length);
          }}
        >
          {t('printDesigner.addFormat')}
        </Button>
      </div>
      {problemList(checks.filter((c) => c.format === undefined))}
      {!format && <Text>{t('printDesigner.none')}</Text>}
      {format && (
        <section
          className={styles.format}
          aria-label={t('printDesigner.formatNamed', { title: formatTitle(format) })}
        >
          <div className={styles.bar}>
            <LocalInputs
              value={format.title}
              labels={{ fa: t('printDesigner.titleFa'), en: t('printDesigner.titleEn') }}
              onChange={(title) => onChange(changeFormat(formats, selected, { title }))}
            />
            <Field label={t('printDesigner.name')}>
              <Input
                dir="ltr"
                value={format.name}
                onChange={(_, d) => onChange(changeFormat(formats, selected, { name: d.value.trim() }))}
              />
            </Field>
            <Checkbox
              label={t('printDesigner.default')}
              checked={format.default === true}
              onChange={(_, d) => {
                if (d.checked) onChange(setDefault(formats, selected));
                else {
                  const { default: _dropped, ...rest } = format;
                  onChange(formats.map((f, i) => (i === selected ? rest : f)));
                }
              }}
            />
            <Button
              onClick={() => {
                onChange(removeFormat(formats, selected));
                onSelect(Math.max(0, selected - 1));
              }}
            >
              {t('printDesigner.removeFormat')}
            </Button>
          </div>
          {problemList(checks.filter((c) => c.format === selected && c.block === undefined))}
          <ol className={styles.blocks}>
            {format.blocks.map((block, bi) => {
              const name = t('printDesigner.blockNamed', {
                n: digits(bi + 1),
                kind: t(`printDesigner.kind.${block.kind}`),
              });
              const own = checks.filter((c) => c.format === selected && c.block === bi);
              return (
                <li key={`${bi}-${block.kind}`} data-print-block={bi}>
                  <section
                    className={mergeClasses(styles.block, own.length > 0 && styles.bad)}
                    aria-label={name}
                  >
                    <div className={styles.head}>
                      <h3 className={styles.title}>{name}</h3>
                      <Button
                        size="small"
                        data-move="up"
                        aria-label={t('printDesigner.up', { name })}
                        disabled={bi === 0}
                        onClick={() => {
                          onChange(moveBlock(formats, selected, bi, -1));
                          focusLater(bi - 1, 'up');
                        }}
                      >
                        ↑
                      </Button>
                      <Button
                        size="small"
                        data-move="down"
                        aria-label={t('printDesigner.down', { name })}
                        disabled={bi === format.blocks.length - 1}
                        onClick={() => {
                          onChange(moveBlock(formats, selected, bi, 1));
                          focusLater(bi + 1, 'down');
                        }}
                      >
                        ↓
                      </Button>
                      <Button
                        size="small"
                        aria-label={t('printDesigner.remove', { name })}
                        onClick={() => onChange(removeBlock(formats, selected, bi))}
                      >
                        {t('printDesigner.removeShort')}
                      </Button>
                    </div>
                    <PrintBlockEditor
                      id={`print-${selected}-${bi}`}
                      name={name}
                      block={block}
                      definition={definition}
                      lookups={lookups}
                      lang={lang}
                      onProblem={onProblem}
                      onChange={(next) => onChange(changeBlock(formats, selected, bi, next))}
                    />
                    {problemList(own)}
                  </section>
                </li>
              );
            })}
          </ol>
          <div className={styles.bar}>
            <Field label={t('printDesigner.addBlock')}>
              <Select
                value=""
                onChange={(_, d) => {
                  if (!d.value) return;
                  const block = newBlock(d.value as PrintBlockKind, definition, texts);
                  onChange(addBlock(formats, selected, block));
                }}
              >
                <option value="">{t('printDesigner.addBlockPrompt')}</option>
                {PRINT_BLOCK_KINDS.map((k) => (
                  <option
                    key={k}
                    value={k}
                    disabled={k === 'lines' && Object.keys(definition.children ?? {}).length === 0}
                  >
                    {t(`printDesigner.kind.${k}`)}
                  </option>
                ))}
              </Select>
            </Field>
          </div>
        </section>
      )}
    </div>
  );
}
