/**
 * The fiscal period a dated entity's list is scoped to, as a small tag beside the screen's title:
 * «دوره: سال مالی ۱۴۰۵», or «دوره: همهٔ دوره‌ها» when the user chose all periods. Nothing for an
 * entity without `period` (its rows are never scoped) or when no period is in force.
 */
import { Badge } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { periodStore } from '../../runtime/period/current';
import type { EntityDefinition, Lang } from '../../runtime/shared/definition';
import { localDigits } from '../format';

export function PeriodTag({ definition, lang }: { definition: EntityDefinition; lang: Lang }) {
  const { t } = useTranslation();
  const current = useStore(periodStore, (s) => s.current);
  const all = useStore(periodStore, (s) => s.all);
  if (!definition.period || (!current && !all)) return null;
  const name = current ? localDigits(current.PeriodName, lang) : t('shell.allPeriods');
  return (
    <Badge
      appearance="tint"
      shape="rounded"
      color={current ? 'brand' : 'informative'}
      data-testid="period-tag"
    >
      {t('shell.periodInForce', { name })}
    </Badge>
  );
}
