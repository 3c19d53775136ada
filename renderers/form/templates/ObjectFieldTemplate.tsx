/** Fields laid out in a responsive two-column grid (one column on narrow screens). */
import { makeStyles } from '@fluentui/react-components';
import type { ObjectFieldTemplateProps } from '@rjsf/utils';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 260px), 1fr))',
    columnGap: '16px',
    rowGap: '12px',
  },
  wide: { gridColumn: '1 / -1' },
});

export function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const styles = useStyles();
  return (
    <div className={styles.grid}>
      {props.properties.map((p) => {
        const widget = (props.uiSchema?.[p.name] as Record<string, unknown> | undefined)?.['ui:widget'];
        return (
          <div key={p.name} className={widget === 'textarea' ? styles.wide : undefined} hidden={p.hidden}>
            {p.content}
          </div>
        );
      })}
    </div>
  );
}
