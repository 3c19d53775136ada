/**
 * Current fiscal period (localStorage currentPeriod); later calls carry it as selectedYear. The
 * first choice, «همهٔ دوره‌ها», is no period: no header, lists of dated documents unscoped.
 */
import { useEffect, useId } from 'react';
import { Dropdown, Label, Option } from '@fluentui/react-components';
import { useStore } from 'zustand';
import { useTranslation } from 'react-i18next';
import { periodStore, setAllPeriods, setCurrentPeriod } from '../../runtime/period/current';
import { displayText } from '../display';
import { loadPeriods, pickPeriod, toCurrent, type FiscalPeriod } from '../../runtime/period/periods';
import { todayIso } from '../../runtime/shared/jalali';
import { useLoad } from '../../renderers/hooks/useLoad';

const NONE: FiscalPeriod[] = [];
/** The option value of "all periods" (period ids are positive integers). */
const ALL = 'all';

export function PeriodSelector() {
  const { t } = useTranslation();
  const id = useId();
  const current = useStore(periodStore, (s) => s.current);
  const all = useStore(periodStore, (s) => s.all);
  const periods: FiscalPeriod[] = useLoad(() => loadPeriods({ silent: true }), []).data ?? NONE;

  // a period stored by an older client has no days: completed from the list (new documents'
  // dates); a stored period that no longer exists (the server refuses it: 400) is chosen anew
  useEffect(() => {
    if (!current || periods.length === 0) return;
    const same = periods.find((p) => p.id === current.Id);
    if (!same) setCurrentPeriod(toCurrent(pickPeriod(periods, null, todayIso())!));
    else if (!current.StartDate) setCurrentPeriod(toCurrent(same));
  }, [current, periods]);

  if (periods.length === 0 && !current) return null;
  const allText = t('shell.allPeriods');
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
      <Label id={id}>{t('shell.period')}</Label>
      <Dropdown
        aria-labelledby={id}
        data-testid="period-selector"
        value={current ? displayText(current.PeriodName) : all ? allText : ''}
        selectedOptions={current ? [String(current.Id)] : all ? [ALL] : []}
        onOptionSelect={(_, d) => {
          if (d.optionValue === ALL) return setAllPeriods();
          const chosen = periods.find((p) => String(p.id) === d.optionValue);
          if (chosen) setCurrentPeriod(toCurrent(chosen));
        }}
      >
        <Option key={ALL} value={ALL} text={allText}>
          {allText}
        </Option>
        {periods.map((p) => (
          <Option key={p.id} value={String(p.id)} text={displayText(p.title)}>
            {displayText(p.title)}
          </Option>
        ))}
      </Dropdown>
    </div>
  );
}
