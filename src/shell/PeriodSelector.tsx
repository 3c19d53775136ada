/** Current fiscal period (localStorage currentPeriod); later calls carry it as selectedYear. */
import { useId } from 'react';
import { Dropdown, Label, Option } from '@fluentui/react-components';
import { useStore } from 'zustand';
import { useTranslation } from 'react-i18next';
import { periodStore, setCurrentPeriod } from '../../runtime/period/current';
import { displayText } from '../display';
import { loadPeriods, toCurrent, type FiscalPeriod } from '../../runtime/period/periods';
import { useLoad } from '../../renderers/hooks/useLoad';

const NONE: FiscalPeriod[] = [];

export function PeriodSelector() {
  const { t } = useTranslation();
  const id = useId();
  const current = useStore(periodStore, (s) => s.current);
  const periods: FiscalPeriod[] = useLoad(() => loadPeriods({ silent: true }), []).data ?? NONE;

  if (periods.length === 0 && !current) return null;
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
      <Label id={id}>{t('shell.period')}</Label>
      <Dropdown
        aria-labelledby={id}
        value={displayText(current?.PeriodName ?? '')}
        selectedOptions={current ? [String(current.Id)] : []}
        onOptionSelect={(_, d) => {
          const chosen = periods.find((p) => String(p.id) === d.optionValue);
          if (chosen) setCurrentPeriod(toCurrent(chosen));
        }}
      >
        {periods.map((p) => (
          <Option key={p.id} value={String(p.id)} text={displayText(p.title)}>
            {displayText(p.title)}
          </Option>
        ))}
      </Dropdown>
    </div>
  );
}
