/**
 * Computed fields, rules and conditions as JSON Logic text. The text is checked as it is typed
 * (rulesText.ts); only a valid text changes the definition, and a problem is reported so the
 * page does not plan or publish a definition that misses what the analyst typed.
 */
import { Field, makeStyles, Textarea } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RuleSet } from '../../runtime/shared/rules';
import { parseRulesText, rulesToText, type RulesProblem } from './rulesText';

export interface RulesEditorProps {
  id: string;
  label: string;
  value: RuleSet | undefined;
  /** Field names the rules may use. */
  fields: string[];
  onChange: (value: RuleSet | undefined) => void;
  onProblem: (id: string, problem: boolean) => void;
}

const useStyles = makeStyles({ text: { fontFamily: 'monospace', direction: 'ltr', minHeight: '120px' } });

export function RulesEditor({ id, label, value, fields, onChange, onProblem }: RulesEditorProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [text, setText] = useState(() => rulesToText(value));
  const [problems, setProblems] = useState<RulesProblem[]>([]);
  useEffect(
    () => () => {
      onProblem(id, false);
    },
    [id, onProblem],
  );
  const change = (next: string) => {
    setText(next);
    const parsed = parseRulesText(next, fields);
    setProblems(parsed.ok ? [] : parsed.problems);
    onProblem(id, !parsed.ok);
    if (parsed.ok) onChange(parsed.value);
  };
  const message = problems.map((p) => t(`designer.rules.${p.key}`, { detail: p.detail })).join(' — ');
  return (
    <Field
      label={label}
      hint={t('designer.rules.hint')}
      validationState={problems.length ? 'error' : 'none'}
      validationMessage={message || undefined}
    >
      <Textarea
        id={id}
        className={styles.text}
        textarea={{ className: styles.text, spellCheck: false }}
        value={text}
        onChange={(_, d) => change(d.value)}
        resize="vertical"
      />
    </Field>
  );
}
