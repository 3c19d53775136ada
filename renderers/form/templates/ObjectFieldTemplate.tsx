/** Fields laid out in a responsive two-column grid (one column on narrow screens). */
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import type { ObjectFieldTemplateProps } from '@rjsf/utils';
import { memo, type ReactElement } from 'react';
import { shallowSame } from '../fields/ObjectField';
import { inSummary } from '../summary';
import type { LayoutView } from '../../../runtime/shared/layout';
import { LayoutTemplate } from './LayoutTemplate';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 260px), 1fr))',
    columnGap: '16px',
    rowGap: '12px',
  },
  // A cell off the screen is neither laid out nor painted until it comes near it (else a keystroke
  // in a long form repaints every field); once shown, its height is kept.
  // minWidth 0: a wide table in a cell (the designer's fields table) scrolls in its box instead of
  // widening the grid and the page
  cell: { contentVisibility: 'auto', containIntrinsicSize: 'auto 60px', minWidth: 0 },
  wide: { gridColumn: '1 / -1' },
  // the document's figures under its lines (../summary.ts): one per row, figures aligned
  summary: {
    order: 1,
    // at the end of the line (the left under fa), as a document's totals are read
    alignSelf: 'flex-end',
    width: 'min(100%, 640px)',
    boxSizing: 'border-box',
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr)',
    rowGap: '6px',
    marginTop: '12px',
    padding: '12px',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
    // the figures fill their column and read as text, not as greyed-out inputs
    '& .fui-Input, & .fui-Textarea': { width: '100%' },
    '& .fui-Input__input:disabled, & .fui-Textarea__textarea:disabled': {
      color: tokens.colorNeutralForeground1,
      WebkitTextFillColor: tokens.colorNeutralForeground1,
      fontWeight: tokens.fontWeightSemibold,
    },
    // a figure still unknown says so as a hint (a draft's number: «پس از قطعی شدن…»), not as a value
    '& .fui-Input__input:disabled::placeholder, & .fui-Textarea__textarea:disabled::placeholder': {
      color: tokens.colorNeutralForeground3,
      WebkitTextFillColor: tokens.colorNeutralForeground3,
      fontWeight: tokens.fontWeightRegular,
    },
  },
});

interface CellProps {
  className: string | undefined;
  hidden: boolean;
  content: ReactElement;
}

/**
 * One grid cell. RJSF builds a new element for every property on every change; its component
 * (ObjectFieldProperty) is a React.memo that skips a property whose props are shallowly the same.
 * The cell compares the same way, so an untouched property costs neither the cell nor the property.
 */
const Cell = memo(
  function Cell({ className, hidden, content }: CellProps) {
    return (
      <div className={className} hidden={hidden}>
        {content}
      </div>
    );
  },
  (a, b) =>
    a.className === b.className &&
    a.hidden === b.hidden &&
    (a.content === b.content ||
      (a.content.type === b.content.type &&
        a.content.key === b.content.key &&
        shallowSame(a.content.props as object, b.content.props as object))),
);

export function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const styles = useStyles();
  const wide = mergeClasses(styles.cell, styles.wide);
  const cell = (p: ObjectFieldTemplateProps['properties'][number]) => {
    const entry = props.uiSchema?.[p.name] as Record<string, unknown> | undefined;
    // a long text, or a part that asks for the whole row (`ui:options.wide`: the designer's tables)
    const whole =
      entry?.['ui:widget'] === 'textarea' ||
      (entry?.['ui:options'] as { wide?: unknown } | undefined)?.wide === true;
    return <Cell key={p.name} className={whole ? wide : styles.cell} hidden={p.hidden} content={p.content} />;
  };
  const view = props.uiSchema?.['ui:layout'] as LayoutView | undefined;
  const placed = (name: string) => view !== undefined && !view.rest.includes(name);
  const summary = props.properties.filter((p) => inSummary(props.uiSchema?.[p.name]) && !placed(p.name));
  const layout = view && (
    <LayoutTemplate
      props={props}
      view={{ ...view, rest: view.rest.filter((n) => !summary.some((p) => p.name === n)) }}
    />
  );
  if (layout && summary.length === 0) return layout;
  if (layout)
    return (
      <>
        {layout}
        <div className={styles.summary} data-summary="">
          {summary.map(cell)}
        </div>
      </>
    );
  if (summary.length === 0) return <div className={styles.grid}>{props.properties.map(cell)}</div>;
  // the form lays its parts out in a column (EntityForm.tsx): the summary comes after the lines
  return (
    <>
      <div className={styles.grid}>{props.properties.filter((p) => !summary.includes(p)).map(cell)}</div>
      <div className={styles.summary} data-summary="">
        {summary.map(cell)}
      </div>
    </>
  );
}
