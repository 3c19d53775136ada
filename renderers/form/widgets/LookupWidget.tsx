/**
 * Lookup to another entity: a Combobox searching that entity's displayField as the user types
 * (debounced GetList with a `contains` filter), storing the chosen row's id. The stored id is shown
 * by its display text (Get). Keyboard: arrows, Enter, Escape (Fluent Combobox); clearable.
 */
import { Combobox, Option } from '@fluentui/react-components';
import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createLookupSearch, mayLookUp, toOption, type LookupOption, type LookupTarget } from '../lookup';
import { lookupDisplayKey } from '../../../runtime/shared/definition';
import { controlProps, shownDigits, widgetClientFor, widgetRecord } from './context';
import { useLoad } from '../../hooks/useLoad';

export function LookupWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const target = props.options.lookup as LookupTarget | undefined;
  const clientFor = widgetClientFor(props);
  const client = useMemo(() => (target && clientFor ? clientFor(target.entity) : null), [target, clientFor]);
  const id = typeof props.value === 'number' ? props.value : null;
  // Display texts of the rows seen (search results, the stored id's row). The record the form
  // opened carries its lookups' texts (GetList's `{field}__display`): no Get is asked for them,
  // which a user who may not read the looked-up entity would be refused (403).
  const record = widgetRecord(props);
  const [labels, setLabels] = useState<Record<number, string>>(() => {
    const opened = record?.[props.name];
    const shown = record?.[lookupDisplayKey(props.name)];
    return typeof opened === 'number' && typeof shown === 'string' ? { [opened]: shown } : {};
  });
  // While the user types, the input shows what they typed; otherwise the chosen row's text.
  const [typed, setTyped] = useState<string | null>(null);
  const [options, setOptions] = useState<LookupOption[]>([]);
  const [searching, setSearching] = useState(false);
  const remember = (found: LookupOption[]) =>
    setLabels((l) => ({ ...l, ...Object.fromEntries(found.map((o) => [o.id, o.text])) }));

  const search = useMemo(
    () =>
      client && target
        ? createLookupSearch(client, target.displayField, (found) => {
            remember(found);
            setOptions(found);
            setSearching(false);
          })
        : null,
    [client, target],
  );
  useEffect(() => () => search?.cancel(), [search]);

  // The display text of the stored id when no search showed it, fetched once (Get obeys
  // permissions and row scope); a failure shows no text.
  const missing = id !== null && labels[id] === undefined;
  const stored = useLoad(
    missing && client && target
      ? () =>
          mayLookUp(target.entity).then((may) =>
            may ? client.get(id).then((row) => toOption(row, target.displayField)) : null,
          )
      : null,
    [missing, id, client, target],
  ).data;

  const text = typed ?? (id === null ? '' : (labels[id] ?? stored?.text ?? ''));

  const onType = (value: string) => {
    setTyped(value);
    if (value === '' && id !== null) props.onChange(undefined);
    setSearching(true);
    search?.search(value);
  };

  const { id: controlId, disabled, readOnly, autoFocus, onBlur, onFocus } = controlProps(props);
  return (
    <Combobox
      id={controlId}
      // Fluent names the arrow «Open» in English
      expandIcon={{ 'aria-label': t('form.lookup.open') }}
      disabled={disabled}
      readOnly={readOnly}
      autoFocus={autoFocus}
      onBlur={() => {
        // Leaving with a half-typed text shows the chosen row's text again.
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
      onOptionSelect={(_, data) => {
        const picked = data.optionValue ? Number(data.optionValue) : null;
        setTyped(null);
        if (picked === null || !Number.isFinite(picked)) {
          props.onChange(undefined);
          return;
        }
        if (data.optionText) remember([{ id: picked, text: data.optionText }]);
        props.onChange(picked);
      }}
    >
      {options.map((o) => (
        <Option key={o.id} value={String(o.id)} text={shownDigits(props, o.text)}>
          {shownDigits(props, o.text)}
        </Option>
      ))}
      {options.length === 0 && (
        <Option key="none" value="" text="" disabled>
          {searching ? t('form.lookup.searching') : t('form.lookup.noResults')}
        </Option>
      )}
    </Combobox>
  );
}
