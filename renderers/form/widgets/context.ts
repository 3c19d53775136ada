/** What every widget may read from the form: the display language and clients of other entities. */
import type { WidgetProps } from '@rjsf/utils';
import type { AttachmentsClient } from '../../../runtime/entity/attachments';
import type { EntityClient, EntityValues } from '../../../runtime/entity/types';
import type { Lang } from '../../../runtime/shared/definition';
import { toPersianDigits } from '../../../runtime/shared/normalize';

export interface FormContext {
  lang: Lang;
  /** Client of another entity ('module.name'), for lookups. */
  clientFor?: (entityKey: string) => EntityClient;
  /** Client of an attachments field of the form's entity, by field name. */
  attachmentsFor?: (field: string) => AttachmentsClient;
  /** Sets fields of the form a lookup's pick fills (LookupSpec.fill): field → value, lines by child name. */
  fill?: (values: Record<string, unknown>) => void;
  /** The values the form opened with (a read-only widget that shows one field by another). */
  record?: EntityValues;
  /** The current value of another field of the form (a widget that pairs two fields, e.g. mapPoint). */
  valueOf?: (field: string) => unknown;
  /** Sets several fields of the form at once, as if the user had typed them (e.g. mapPoint). */
  setFields?: (patch: Record<string, unknown>) => void;
  /**
   * A pick of row `id` in lookup `field`: when the field names the document's source
   * (definition.source, docs/chain.md), the values CreateFrom makes from it (its outstanding lines,
   * linked; the carried fields), which the widget fills; null for any other field.
   */
  createFrom?: (field: string, id: number) => Promise<Record<string, unknown> | null> | null;
}

/** The form's field reader and setter, for widgets that read or set sibling fields. */
export function widgetFields(
  props: Pick<WidgetProps, 'registry'>,
): Pick<FormContext, 'valueOf' | 'setFields'> {
  const ctx = props.registry.formContext as Partial<FormContext> | undefined;
  return { valueOf: ctx?.valueOf, setFields: ctx?.setFields };
}

export function widgetClientFor(props: Pick<WidgetProps, 'registry'>): FormContext['clientFor'] {
  return (props.registry.formContext as Partial<FormContext> | undefined)?.clientFor;
}

export function widgetAttachmentsFor(props: Pick<WidgetProps, 'registry'>): FormContext['attachmentsFor'] {
  return (props.registry.formContext as Partial<FormContext> | undefined)?.attachmentsFor;
}

export function widgetRecord(props: Pick<WidgetProps, 'registry'>): EntityValues | undefined {
  return (props.registry.formContext as Partial<FormContext> | undefined)?.record;
}

export function widgetLang(props: Pick<WidgetProps, 'registry'>): Lang {
  const ctx = props.registry.formContext as Partial<FormContext> | undefined;
  return ctx?.lang ?? 'fa';
}

/**
 * Props every Fluent control of a widget shares (id so the Field label points at it). No `name`:
 * the form is never submitted by the browser, and React sets an input's name again on every render
 * of it, which makes the browser renew the form's collection of named controls: a third of the DOM
 * work of a keystroke in a 300-field form.
 */
export function controlProps(props: WidgetProps) {
  return {
    id: props.id,
    disabled: props.disabled || props.readonly,
    readOnly: props.readonly,
    autoFocus: props.autofocus,
    onBlur: () => props.onBlur(props.id, props.value),
    onFocus: () => props.onFocus(props.id, props.value),
  };
}

export function widgetFill(props: Pick<WidgetProps, 'registry'>): FormContext['fill'] {
  return (props.registry.formContext as Partial<FormContext> | undefined)?.fill;
}

/**
 * A text as a text input shows it: in fa its digits are Persian, as the grid shows the value (a
 * code «C-۰۰۰۱» reopened reads as it did in the list). Only the shown text: what the user types
 * is kept as typed and the pipeline sends Western digits (runtime/shared/normalize). E-mail
 * addresses, URLs and identifiers in Latin letters keep their own digits.
 */
export function shownDigits(props: Pick<WidgetProps, 'registry' | 'schema'>, text: string): string {
  const format = props.schema.format;
  if (widgetLang(props) !== 'fa' || format === 'email' || format === 'uri') return text;
  // an identifier in Latin letters (a technical name, pattern ^[a-z]…) reads as typed
  if (typeof props.schema.pattern === 'string' && props.schema.pattern.startsWith('^[a-z]')) return text;
  return toPersianDigits(text);
}

export function widgetCreateFrom(props: Pick<WidgetProps, 'registry'>): FormContext['createFrom'] {
  return (props.registry.formContext as Partial<FormContext> | undefined)?.createFrom;
}
