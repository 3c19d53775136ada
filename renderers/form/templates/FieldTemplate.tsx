/** Each field in a Fluent Field: visible label tied to the control, inline validation message. */
import { Field, makeStyles } from '@fluentui/react-components';
import type { FieldTemplateProps } from '@rjsf/utils';
import { inSummary } from '../summary';

const useStyles = makeStyles({
  // A one-line control sits in a box of its own fixed height with size and layout containment: a
  // relayout boundary, so a typed character lays out that box alone, not the form's grid of
  // fields (a cost that grows with the fields of the form). The outer box is a block
  // in the Field's grid; Chromium takes no grid item as a boundary, only a block child of a block.
  line: { contain: 'size layout style', height: '32px' },
  // A field out of view is neither laid out nor painted (its size is the last one it had, or an
  // estimate of one line's field): the frame of a keystroke layerizes the fields in view only.
  field: { contentVisibility: 'auto', containIntrinsicSize: 'auto 60px' },
});

/** Widgets drawn as one Fluent control of the medium height (32 px) and nothing under it. */
const ONE_LINE = new Set(['text', 'persianText', 'number', 'money', 'time', 'dateTime']);

export function FieldTemplate(props: FieldTemplateProps) {
  const { id, label, required, rawErrors, children, hidden, displayLabel, schema } = props;
  const styles = useStyles();
  if (hidden) return <div hidden>{children}</div>;
  if (schema.type === 'object') return children;
  const error = rawErrors?.find(Boolean);
  const widget = props.uiSchema?.['ui:widget'];
  // a figure of the document's summary: its label beside it (../summary.ts)
  const summary = inSummary(props.uiSchema);
  return (
    <Field
      orientation={summary ? 'horizontal' : 'vertical'}
      label={displayLabel === false ? undefined : { children: label, htmlFor: id }}
      required={required}
      validationState={error ? 'error' : 'none'}
      validationMessage={error}
      data-field={id}
      className={styles.field}
    >
      {typeof widget === 'string' && ONE_LINE.has(widget) ? (
        <div>
          <div className={styles.line}>{children}</div>
        </div>
      ) : (
        children
      )}
    </Field>
  );
}
