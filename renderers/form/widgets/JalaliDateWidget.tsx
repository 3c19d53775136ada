/**
 * Date typed and shown as Jalali yyyy/mm/dd (Persian, Arabic or Western digits), stored as ISO
 * Gregorian yyyy-mm-dd; a calendar popover helps pick a day. Incomplete or impossible dates are
 * stored as typed so the `date` format check reports them and the text stays.
 */
import { Button, Input, Popover, PopoverSurface, PopoverTrigger } from '@fluentui/react-components';
import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  formatJalali,
  isoToJalali,
  jalaliToIso,
  parseJalali,
  todayJalali,
} from '../../../runtime/shared/jalali';
import { localDigits } from '../../format';
import { controlProps, widgetLang } from './context';
import { JalaliCalendar } from './JalaliCalendar';
import { useTypedText } from './useTypedText';

export function parseJalaliInput(text: string): string | undefined {
  if (text.trim() === '') return undefined;
  return jalaliToIso(text) ?? text;
}

export function JalaliDateWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const lang = widgetLang(props);
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  // At the first press the popover is set up closed around a new button; that button then takes
  // the focus and the popover opens, so the focus goes back to it when the calendar closes (Fluent
  // gives it back to the element focused before the opening; the first button is gone by then).
  const openOnSetUp = useRef(false);
  useEffect(() => {
    if (!used || !openOnSetUp.current) return;
    openOnSetUp.current = false;
    buttonRef.current?.focus();
    setOpen(true);
  }, [used]);
  const format = (v: unknown): string => {
    if (typeof v !== 'string') return '';
    const jalali = isoToJalali(v);
    return jalali ? localDigits(jalali, lang) : v;
  };
  const [text, onText] = useTypedText<unknown>(props.value, format, parseJalaliInput);
  const locked = props.disabled || props.readonly;
  const selected = parseJalali(text) ?? parseJalali(todayJalali())!;
  const label = t('form.calendar.open');
  // The calendar's popover is set up at the first press of its button: a form shows many date
  // fields and opens few calendars (a closed popover per field was a tenth of their first render).
  const calendar = locked ? undefined : !used ? (
    <Button
      size="small"
      appearance="transparent"
      aria-label={label}
      aria-haspopup="dialog"
      aria-expanded={false}
      onClick={() => {
        openOnSetUp.current = true;
        setUsed(true);
      }}
    >
      {'▾'}
    </Button>
  ) : (
    <Popover open={open} onOpenChange={(_, d) => setOpen(d.open)} positioning="below-end" trapFocus>
      <PopoverTrigger disableButtonEnhancement>
        <Button ref={buttonRef} size="small" appearance="transparent" aria-label={label}>
          {'▾'}
        </Button>
      </PopoverTrigger>
      <PopoverSurface>
        <JalaliCalendar
          selected={selected}
          lang={lang}
          onPick={(day) => {
            props.onChange(onText(localDigits(formatJalali(day), lang)));
            setOpen(false);
          }}
        />
      </PopoverSurface>
    </Popover>
  );
  return (
    <Input
      {...controlProps(props)}
      dir="ltr"
      placeholder={localDigits('1400/01/01', lang)}
      value={text}
      contentAfter={calendar}
      onChange={(_, data) => props.onChange(onText(data.value))}
    />
  );
}
