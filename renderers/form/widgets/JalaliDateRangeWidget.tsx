/**
 * Date range: two Jalali dates typed (any digits) and shown Jalali, stored in one string field as
 * the ISO 8601 interval `yyyy-mm-dd/yyyy-mm-dd` (Gregorian). A side left empty is stored empty
 * (`/2026-03-20`); anything not a date is kept as typed so validation (a pattern) reports it.
 */
import { Input, makeStyles } from '@fluentui/react-components';
import type { WidgetProps } from '@rjsf/utils';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isoToJalali } from '../../../runtime/shared/jalali';
import { localDigits } from '../../format';
import { controlProps, widgetLang } from './context';
import { parseJalaliInput } from './JalaliDateWidget';
import { useTypedText } from './useTypedText';

export function splitRange(value: unknown): [string, string] {
  if (typeof value !== 'string' || value === '') return ['', ''];
  const slash = value.indexOf('/');
  return slash < 0 ? [value, ''] : [value.slice(0, slash), value.slice(slash + 1)];
}

export function joinRange(from: string | undefined, to: string | undefined): string | undefined {
  if (!from && !to) return undefined;
  return `${from ?? ''}/${to ?? ''}`;
}

const useStyles = makeStyles({
  row: { display: 'flex', gap: '8px', alignItems: 'center' },
  side: { flex: '1 1 0', minWidth: 0 },
});

export function JalaliDateRangeWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const lang = widgetLang(props);
  // Half-typed sides may contain '/', so the sides the widget itself sent are remembered; only a
  // value from outside (server, reset) is split.
  const [sent, setSent] = useState<{ value: unknown; from?: string; to?: string } | null>(null);
  const [from, to] =
    sent && sent.value === props.value ? [sent.from ?? '', sent.to ?? ''] : splitRange(props.value);
  const send = (f: unknown, tt: unknown) => {
    const next = {
      from: (f as string | undefined) || undefined,
      to: (tt as string | undefined) || undefined,
    };
    const value = joinRange(next.from, next.to);
    setSent({ value, ...next });
    props.onChange(value);
  };
  const format = (v: unknown): string => {
    if (typeof v !== 'string') return '';
    const jalali = isoToJalali(v);
    return jalali ? localDigits(jalali, lang) : v;
  };
  const [fromText, onFrom] = useTypedText<unknown>(from || undefined, format, parseJalaliInput);
  const [toText, onTo] = useTypedText<unknown>(to || undefined, format, parseJalaliInput);
  const base = controlProps(props);
  const placeholder = localDigits('1400/01/01', lang);
  return (
    <div className={styles.row} role="group">
      <Input
        {...base}
        className={styles.side}
        dir="ltr"
        aria-label={t('form.range.from')}
        placeholder={placeholder}
        value={fromText}
        onChange={(_, d) => send(onFrom(d.value), to)}
      />
      <Input
        {...base}
        id={`${props.id}-to`}
        className={styles.side}
        dir="ltr"
        // Inside a Field a second control would be named by the Field's label; name it itself.
        aria-labelledby={`${props.id}-to-label`}
        placeholder={placeholder}
        value={toText}
        onChange={(_, d) => send(from, onTo(d.value))}
      />
      <span id={`${props.id}-to-label`} hidden>
        {t('form.range.to')}
      </span>
    </div>
  );
}
