/**
 * The fiscal period a dated entity's list is scoped to, as a small tag beside the screen's title:
 * «دوره: سال مالی ۱۴۰۵», or «دوره: همهٔ دوره‌ها» when the user chose all periods. Nothing for an
 * entity without `period` (its rows are never scoped) or when no period is in force. A styled
 * span, not Fluent's Badge: the grid screen's first load stays as small as it was.
 */
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { periodStore } from '../../runtime/period/current';
import type { EntityDefinition, Lang } from '../../runtime/shared/definition';
import { localDigits } from '../format';

const useStyles = makeStyles({
  tag: {
    display: 'inline-flex',
    alignItems: 'center',
    padding: `2px ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusMedium,
    fontSize: tokens.fontSizeBase200,
    lineHeight: tokens.lineHeightBase200,
    fontWeight: tokens.fontWeightSemibold,
    whiteSpace: 'nowrap',
  },
  period: {
    color: tokens.colorBrandForeground2,
    backgroundColor: tokens.colorBrandBackground2,
    border: `1px solid ${tokens.colorBrandStroke2}`,
  },
  all: {
    color: tokens.colorNeutralForeground2,
    backgroundColor: tokens.colorNeutralBackground3,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
  },
});

export function PeriodTag({ definition, lang }: { definition: EntityDefinition; lang: Lang }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const current = useStore(periodStore, (s) => s.current);
  const all = useStore(periodStore, (s) => s.all);
  if (!definition.period || (!current && !all)) return null;
  const name = current ? localDigits(current.PeriodName, lang) : t('shell.allPeriods');
  return (
    <span className={mergeClasses(styles.tag, current ? styles.period : styles.all)} data-testid="period-tag">
      {t('shell.periodInForce', { name })}
    </span>
  );
}
