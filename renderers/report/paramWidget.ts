/**
 * The form's widgets (renderers/form/widgets) outside a form: the props RJSF would give them for a
 * report parameter, with the form context they read (language, clients of looked-up entities).
 * The report's Jalali dates and lookups are the same controls as a document's.
 */
import type { Registry, WidgetProps } from '@rjsf/utils';
import type { EntityClient } from '../../runtime/entity/types';
import type { Lang, LookupSpec } from '../../runtime/shared/definition';
import type { FormContext } from '../form/widgets/context';

export interface ParamWidgetInput {
  id: string;
  name: string;
  label: string;
  value: unknown;
  onChange: (value: unknown) => void;
  lang: Lang;
  required?: boolean;
  clientFor?: (entityKey: string) => EntityClient;
  lookup?: LookupSpec;
}

const ignore = () => undefined;

export function paramWidgetProps(input: ParamWidgetInput): WidgetProps {
  const formContext: FormContext = { lang: input.lang, clientFor: input.clientFor };
  const props: Partial<WidgetProps> = {
    id: input.id,
    name: input.name,
    label: input.label,
    value: input.value,
    required: input.required,
    disabled: false,
    readonly: false,
    autofocus: false,
    onChange: (value: unknown) => input.onChange(value),
    onBlur: ignore,
    onFocus: ignore,
    options: input.lookup ? { lookup: input.lookup } : {},
    schema: {},
    uiSchema: {},
    rawErrors: [],
    registry: { formContext } as unknown as Registry,
  };
  return props as WidgetProps;
}
