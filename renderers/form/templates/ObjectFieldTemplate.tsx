/** Fields laid out in a responsive two-column grid (one column on narrow screens). */
import { makeStyles, mergeClasses } from '@fluentui/react-components';
import type { ObjectFieldTemplateProps } from '@rjsf/utils';
import { memo, type ReactElement } from 'react';
import { shallowSame } from '../fields/ObjectField';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 260px), 1fr))',
    columnGap: '16px',
    rowGap: '12px',
  },
  // A cell off the screen is neither laid out nor painted until it comes near it (else a keystroke
  // in a long form repaints every field); once shown, its height is kept.
  cell: { contentVisibility: 'auto', containIntrinsicSize: 'auto 60px' },
  wide: { gridColumn: '1 / -1' },
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
  return (
    <div className={styles.grid}>
      {props.properties.map((p) => {
        const widget = (props.uiSchema?.[p.name] as Record<string, unknown> | undefined)?.['ui:widget'];
        return (
          <Cell
            key={p.name}
            className={widget === 'textarea' ? wide : styles.cell}
            hidden={p.hidden}
            content={p.content}
          />
        );
      })}
    </div>
  );
}
