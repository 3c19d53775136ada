/** A small Jalali month view (Saturday first) for picking a date; keyboard: Tab to a day, Enter. */
import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Lang } from '../../../runtime/shared/definition';
import { jalaliMonthLength, jalaliWeekdayColumn, type JalaliParts } from '../../../runtime/shared/jalali';
import { localDigits } from '../../format';

const useStyles = makeStyles({
  head: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '4px' },
  grid: { display: 'grid', gridTemplateColumns: 'repeat(7, 36px)', gap: '2px', marginTop: '6px' },
  weekday: { textAlign: 'center', color: tokens.colorNeutralForeground3 },
  day: { minWidth: '36px', height: '32px', padding: 0 },
});

interface Props {
  /** Month shown first and the day marked as chosen. */
  selected: JalaliParts;
  lang: Lang;
  onPick: (day: JalaliParts) => void;
}

export function JalaliCalendar({ selected, lang, onPick }: Props) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [view, setView] = useState({ jy: selected.jy, jm: selected.jm });
  const months = t('form.calendar.months', { returnObjects: true }) as unknown as string[];
  const weekdays = t('form.calendar.weekdays', { returnObjects: true }) as unknown as string[];
  const move = (delta: number) =>
    setView((v) => {
      const index = v.jy * 12 + (v.jm - 1) + delta;
      return { jy: Math.floor(index / 12), jm: (index % 12) + 1 };
    });
  const length = jalaliMonthLength(view.jy, view.jm);
  const offset = jalaliWeekdayColumn(view.jy, view.jm, 1);
  const days = Array.from({ length }, (_, i) => i + 1);
  return (
    <div>
      <div className={styles.head}>
        <Button
          size="small"
          appearance="subtle"
          aria-label={t('form.calendar.previous')}
          onClick={() => move(-1)}
        >
          {lang === 'fa' ? '›' : '‹'}
        </Button>
        <Text weight="semibold" aria-live="polite">
          {`${months[view.jm - 1] ?? view.jm} ${localDigits(String(view.jy), lang)}`}
        </Text>
        <Button size="small" appearance="subtle" aria-label={t('form.calendar.next')} onClick={() => move(1)}>
          {lang === 'fa' ? '‹' : '›'}
        </Button>
      </div>
      <div className={styles.grid} role="grid">
        {weekdays.map((w) => (
          <Text key={w} size={200} className={styles.weekday} role="columnheader">
            {w}
          </Text>
        ))}
        {days.map((d) => {
          const isSelected = view.jy === selected.jy && view.jm === selected.jm && d === selected.jd;
          return (
            <Button
              key={d}
              size="small"
              className={styles.day}
              style={d === 1 ? { gridColumnStart: offset + 1 } : undefined}
              appearance={isSelected ? 'primary' : 'subtle'}
              aria-pressed={isSelected}
              onClick={() => onPick({ jy: view.jy, jm: view.jm, jd: d })}
            >
              {localDigits(String(d), lang)}
            </Button>
          );
        })}
      </div>
    </div>
  );
}
