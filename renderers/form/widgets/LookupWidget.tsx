/**
 * Lookup to another entity: a Combobox searching that entity's code, display and search fields as
 * the user types (debounced GetList `search`, ../lookup.ts), storing the chosen row's id and showing
 * «code — name». The stored id is shown by its text (Get). Keyboard: arrows, Enter, Escape (Fluent
 * Combobox); clearable. Text typed and left without a pick never stays: the one row whose code it
 * equals is picked, else the input shows the chosen row again and says the text matched nothing.
 * A pick fills the fields the lookup's `fill` declares (FormContext.fill).
 */
import { Combobox, Option, Text, tokens } from '@fluentui/react-components';
import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HINT_SEPARATOR, exactMatch, fillValues } from '../../../runtime/shared/lookup';
import {
  createLookupSearch,
  lookupRequest,
  mayLookUp,
  toOption,
  type LookupOption,
  type LookupTarget,
} from '../lookup';
import { lookupDisplayKey } from '../../../runtime/shared/definition';
import {
  controlProps,
  shownDigits,
  widgetClientFor,
  widgetFields,
  widgetCreateFrom,
  widgetFill,
  widgetLang,
  widgetRecord,
} from './context';
import { createFillFrom } from '../fillFrom';
import { useLoad } from '../../hooks/useLoad';

export function LookupWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const target = props.options.lookup as LookupTarget | undefined;
  const clientFor = widgetClientFor(props);
  const client = useMemo(() => (target && clientFor ? clientFor(target.entity) : null), [target, clientFor]);
  const lang = widgetLang(props);
  const fill = widgetFill(props);
  const createFrom = widgetCreateFrom(props);
  const { valueOf } = widgetFields(props);
  const fillFrom = useMemo(() => (clientFor ? createFillFrom(clientFor) : null), [clientFor]);
  const id = typeof props.value === 'number' ? props.value : null;
  // Display texts of the rows seen (search results, the stored id's row). The record the form
  // opened carries its lookups' texts (GetList's `{field}__display`): no Get is asked for them,
  // which a user who may not read the looked-up entity would be refused (403).
  const record = widgetRecord(props);
  const [labels, setLabels] = useState<Record<number, string>>(() => {
    // the list's text is the name alone: a lookup with a code shows «code — name», read by Get
    if (target?.codeField) return {};
    const opened = record?.[props.name];
    const shown = record?.[lookupDisplayKey(props.name)];
    return typeof opened === 'number' && typeof shown === 'string' ? { [opened]: shown } : {};
  });
  // While the user types, the input shows what they typed; otherwise the chosen row's text.
  const [typed, setTyped] = useState<string | null>(null);
  const [options, setOptions] = useState<LookupOption[]>([]);
  const [searching, setSearching] = useState(false);
  // The text last left without a pick that matched no row (shown under the input).
  const [unmatched, setUnmatched] = useState<string | null>(null);
  const remember = (found: LookupOption[]) =>
    setLabels((l) => ({ ...l, ...Object.fromEntries(found.map((o) => [o.id, o.text])) }));

  const search = useMemo(
    () =>
      client && target
        ? createLookupSearch(client, target, lang, (found) => {
            remember(found);
            setOptions(found);
            setSearching(false);
          })
        : null,
    [client, target, lang],
  );
  useEffect(() => () => search?.cancel(), [search]);

  // The display text of the stored id when no search showed it, fetched once (Get obeys
  // permissions and row scope); a failure shows no text.
  const missing = id !== null && labels[id] === undefined;
  const stored = useLoad(
    missing && client && target
      ? () =>
          mayLookUp(target.entity).then((may) =>
            may ? client.get(id).then((row) => toOption(row, target, lang)) : null,
          )
      : null,
    [missing, id, client, target, lang],
  ).data;

  const text = typed ?? (id === null ? '' : (labels[id] ?? stored?.text ?? ''));

  /** Takes a row: its id, and the fields its lookup fills. */
  // What is typed now (null: nothing since the last pick), read by blur and by a settling search.
  const typing = useRef<string | null>(null);
  const pick = (option: LookupOption) => {
    typing.current = null;
    remember([option]);
    setTyped(null);
    setUnmatched(null);
    props.onChange(option.id);
    // the document's source: its outstanding lines and carried fields, over what `fill` gives
    const made = createFrom?.(props.name, option.id);
    if (made && fill) void made.then((values) => values && setTimeout(() => fill(values), 0));
    const fills = target?.fill;
    if (!fills || !fill) {
      fillFromList(option.id);
      return;
    }
    // lines to copy come with the whole row (Get); a search's row has the fields only
    const row = option.row;
    const whole = row && Object.values(fills).every((f) => f in row);
    // after the pick's own change has reached the form (RJSF reports it after its state update);
    // a related list's values (asked after) go over these
    if (whole)
      setTimeout(() => {
        fill(fillValues(fills, row));
        fillFromList(option.id);
      }, 0);
    else
      void client?.get(option.id).then(
        (r) => {
          fill(fillValues(fills, r));
          fillFromList(option.id);
        },
        () => fillFromList(option.id),
      );
  };

  /**
   * The related list's values for the pick (LookupSpec.fillFrom), over `fill`'s, once they arrive;
   * the document's fields the list matches on are read as they are now.
   */
  const fillFromList = (picked: number) => {
    const spec = target?.fillFrom;
    if (!spec || !fill || !fillFrom) return;
    const named = [...Object.values(spec.match ?? {}), ...(spec.validity ? [spec.validity.at] : [])];
    const doc = Object.fromEntries(named.map((f) => [f, valueOf?.(f)]));
    void fillFrom(spec, picked, doc).then((values) => values && fill(values));
  };

  /** Text left without a pick: the one exact match is taken, anything else is refused at once. */
  const settle = async (value: string) => {
    if (value.trim() === '' || !client || !target) return;
    const rows = await client
      .getList(lookupRequest(target, value, 50))
      .then((p) => p.rows)
      .catch(() => []);
    // typed again or picked meanwhile: that wins
    if (typing.current !== value) return;
    typing.current = null;
    const match = exactMatch(rows, target, value);
    if (match) pick(toOption(match, target, lang));
    else setUnmatched(value);
  };

  const onType = (value: string) => {
    setTyped(value);
    typing.current = value;
    setUnmatched(null);
    if (value === '' && id !== null) props.onChange(undefined);
    setSearching(true);
    search?.search(value);
  };

  const { id: controlId, disabled, readOnly, autoFocus, onBlur, onFocus } = controlProps(props);
  return (
    <>
      <Combobox
        id={controlId}
        // Fluent names the arrow «Open» in English
        expandIcon={{ 'aria-label': t('form.lookup.open') }}
        disabled={disabled}
        readOnly={readOnly}
        autoFocus={autoFocus}
        aria-invalid={unmatched !== null || undefined}
        aria-describedby={unmatched !== null ? `${controlId}-nomatch` : undefined}
        onBlur={() => {
          // Leaving with a typed text: its one exact match (by code), else the chosen row's text again
          // and a message that the text matched nothing.
          const left = typing.current;
          if (left !== null && left.trim() !== '') void settle(left);
          else typing.current = null;
          setTyped(null);
          onBlur();
        }}
        onFocus={onFocus}
        freeform
        clearable={!readOnly && !disabled}
        value={shownDigits(props, text)}
        selectedOptions={id === null ? [] : [String(id)]}
        onChange={(e) => onType((e.target as HTMLInputElement).value)}
        onOpenChange={(_, data) => {
          if (data.open && options.length === 0) {
            setSearching(true);
            search?.search('');
          }
        }}
        onOptionSelect={(e, data) => {
          const picked = data.optionValue ? Number(data.optionValue) : null;
          if (picked === null || !Number.isFinite(picked)) {
            // Fluent unselects the chosen row at the first key typed over it (an input change): the
            // row stays chosen until the text is emptied (onType) or settled on leaving (settle)
            if (e.type === 'change') return;
            setTyped(null);
            props.onChange(undefined);
            return;
          }
          setTyped(null);
          pick(options.find((o) => o.id === picked) ?? { id: picked, text: data.optionText ?? '' });
        }}
      >
        {options.map((o) => (
          <Option key={o.id} value={String(o.id)} text={shownDigits(props, o.text)}>
            {shownDigits(props, o.text)}
            {o.hint && (
              <Text size={200} style={{ color: tokens.colorNeutralForeground3 }}>
                {HINT_SEPARATOR}
                {shownDigits(props, o.hint)}
              </Text>
            )}
          </Option>
        ))}
        {options.length === 0 && (
          <Option key="none" value="" text="" disabled>
            {searching ? t('form.lookup.searching') : t('form.lookup.noResults')}
          </Option>
        )}
      </Combobox>
      {unmatched !== null && (
        <Text
          id={`${controlId}-nomatch`}
          role="alert"
          size={200}
          style={{ color: tokens.colorPaletteRedForeground1 }}
        >
          {t('form.lookup.noMatch', { text: unmatched })}
        </Text>
      )}
    </>
  );
}
