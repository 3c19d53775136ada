/**
 * One formula (runtime/shared/formula) as a text input with completion: typing a name, `[`, `.` or
 * Ctrl+Space lists the fields, tables and functions that fit at the caret; arrows move, Enter or Tab
 * takes one, Escape closes (an ARIA combobox over a listbox). A problem is shown under the input
 * with its span marked in the text.
 */
import { Field, Input, makeStyles, tokens, type InputProps } from '@fluentui/react-components';
import { useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { sentenceNumber } from '../../runtime/shared/fieldKinds/numberText';
import { completeAt, type FormulaError, type NameStyle, type NameTable } from '../../runtime/shared/formula';

export interface FormulaInputProps {
  id: string;
  label: string;
  text: string;
  error?: FormulaError;
  names: NameTable;
  style: NameStyle;
  onChange: (text: string) => void;
}

const MAX_ITEMS = 8;

const useStyles = makeStyles({
  // a formula takes its own line under its row's other inputs: long formulas stay readable
  box: { flexBasis: '100%', minWidth: 0, order: 1 },
  anchor: { position: 'relative' },
  input: { width: '100%' },
  list: {
    position: 'absolute',
    insetInlineStart: 0,
    top: '100%',
    zIndex: 10,
    margin: 0,
    padding: '2px 0',
    listStyle: 'none',
    minWidth: '220px',
    maxWidth: '100%',
    backgroundColor: tokens.colorNeutralBackground1,
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow8,
  },
  option: {
    display: 'flex',
    justifyContent: 'space-between',
    gap: '12px',
    padding: '4px 8px',
    cursor: 'pointer',
  },
  active: { backgroundColor: tokens.colorNeutralBackground1Selected },
  detail: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  snippet: { whiteSpace: 'pre-wrap', display: 'block' },
  mark: { backgroundColor: tokens.colorPaletteRedBackground2, textDecoration: 'underline wavy' },
});

/** Whether typing `ch` should open the list (a name, a bracket or a dot). */
const opens = (ch: string | undefined) => ch !== undefined && /[\p{L}_.[]/u.test(ch);

export function FormulaInput({ id, label, text, error, names, style, onChange }: FormulaInputProps) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const input = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [caret, setCaret] = useState(text.length);
  const [active, setActive] = useState(0);
  const pendingCaret = useRef<number | null>(null);
  const listId = `${id}-list`;
  const errorId = `${id}-error`;
  const completions = useMemo(
    () => (open ? completeAt(text, caret, names, style) : undefined),
    [open, text, caret, names, style],
  );
  const items = completions?.items.slice(0, MAX_ITEMS) ?? [];
  const shown = open && items.length > 0;

  useLayoutEffect(() => {
    if (pendingCaret.current === null || !input.current) return;
    input.current.setSelectionRange(pendingCaret.current, pendingCaret.current);
    pendingCaret.current = null;
  });

  const take = (i: number) => {
    const item = items[i];
    if (!item || !completions) return;
    const next = text.slice(0, completions.from) + item.insert + text.slice(completions.to);
    const at = completions.from + item.insert.length;
    pendingCaret.current = at;
    setCaret(at);
    setOpen(item.kind === 'table');
    onChange(next);
  };

  const keyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === ' ' && e.ctrlKey) {
      e.preventDefault();
      setOpen(true);
      setActive(0);
      return;
    }
    if (!shown) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((a) => (a + step + items.length) % items.length);
    } else if (e.key === 'Enter' || e.key === 'Tab') {
      e.preventDefault();
      take(active);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      setOpen(false);
    }
  };

  const message = error
    ? `${t(`formula.error.${error.messageKey}`, { detail: error.detail ?? '' })} ${t('formula.at', { n: sentenceNumber(error.position + 1, i18n.language === 'en' ? 'en' : 'fa') })}`
    : undefined;
  const before = error ? text.slice(0, error.position) : '';
  const bad = error ? text.slice(error.position, error.position + error.length) : '';
  const after = error ? text.slice(error.position + error.length) : '';

  return (
    <Field
      label={label}
      className={styles.box}
      validationState={error ? 'error' : 'none'}
      validationMessage={
        error ? (
          <span id={errorId}>
            {message}
            {text && (
              <span className={styles.snippet} dir="auto" aria-hidden>
                {before}
                <mark className={styles.mark}>{bad || '\u00a0'}</mark>
                {after}
              </span>
            )}
          </span>
        ) : undefined
      }
    >
      {(control: InputProps) => (
        // the list hangs under the input, not under the problem shown below it
        <div className={styles.anchor}>
          <Input
            {...control}
            ref={input}
            className={styles.input}
            dir="auto"
            value={text}
            spellCheck={false}
            autoComplete="off"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={shown}
            aria-controls={shown ? listId : undefined}
            aria-activedescendant={shown ? `${listId}-${active}` : undefined}
            onChange={(e, d) => {
              const at = e.target.selectionStart ?? d.value.length;
              setCaret(at);
              setActive(0);
              setOpen(d.value.length > text.length && opens(d.value[at - 1]));
              onChange(d.value);
            }}
            onSelect={(e) => setCaret(e.currentTarget.selectionStart ?? 0)}
            onKeyDown={keyDown}
            onBlur={() => setOpen(false)}
          />
          {shown && (
            <ul id={listId} role="listbox" className={styles.list} aria-label={label}>
              {items.map((item, i) => (
                <li
                  key={`${item.kind}-${item.insert}-${item.detail}`}
                  id={`${listId}-${i}`}
                  role="option"
                  aria-selected={i === active}
                  className={`${styles.option} ${i === active ? styles.active : ''}`}
                  onMouseDown={(e) => {
                    e.preventDefault();
                    take(i);
                  }}
                >
                  <span dir="auto">{item.label}</span>
                  <span className={styles.detail} dir="ltr">
                    {item.detail}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </Field>
  );
}
