/** Grid columns: the shown ones in order (moved with buttons), the others to add with a checkbox. */
import { Button, Checkbox, FieldContextProvider, makeStyles } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

export interface ColumnsPickerProps {
  label: string;
  choices: string[];
  labelOf: (name: string) => string;
  value: string[];
  onChange: (value: string[]) => void;
}

const useStyles = makeStyles({
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '2px' },
  item: { display: 'flex', alignItems: 'center', gap: '4px' },
});

export function ColumnsPicker({ label, choices, labelOf, value, onChange }: ColumnsPickerProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const shown = value.filter((n) => choices.includes(n));
  const others = choices.filter((n) => !shown.includes(n));
  const move = (i: number, by: number) => {
    const next = [...shown];
    const [name] = next.splice(i, 1);
    next.splice(i + by, 0, name!);
    onChange(next);
  };
  // outside the surrounding Fluent Field: each checkbox has its own label
  return (
    <FieldContextProvider value={undefined}>
      <fieldset>
        <legend>{label}</legend>
        <ul className={styles.list}>
          {shown.map((name, i) => (
            <li key={name} className={styles.item}>
              <Checkbox
                label={labelOf(name)}
                checked
                disabled={shown.length === 1}
                onChange={() => onChange(shown.filter((n) => n !== name))}
              />
              <Button
                size="small"
                aria-label={t('designer.columnUp', { name: labelOf(name) })}
                disabled={i === 0}
                onClick={() => move(i, -1)}
              >
                ↑
              </Button>
              <Button
                size="small"
                aria-label={t('designer.columnDown', { name: labelOf(name) })}
                disabled={i === shown.length - 1}
                onClick={() => move(i, 1)}
              >
                ↓
              </Button>
            </li>
          ))}
          {others.map((name) => (
            <li key={name} className={styles.item}>
              <Checkbox label={labelOf(name)} checked={false} onChange={() => onChange([...shown, name])} />
            </li>
          ))}
        </ul>
      </fieldset>
    </FieldContextProvider>
  );
}
