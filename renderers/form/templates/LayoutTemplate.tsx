/**
 * A form laid out by its definition's layout (runtime/shared/layout.ts, `ui:layout` of the root
 * uiSchema, schema.ts): tabs, titled sections that may fold, rows of cells on a 12 (or 4) column
 * grid, a child table's lines grid where the analyst put it (EntityForm portals it into its slot).
 * Every tab and section stays mounted (hidden, not removed): RJSF validates and keeps every field,
 * an error lands inline on its field, and a tab or folded section holding one is marked and shown.
 * Narrower than 600 px (a phone, or the designer's phone preview: a container query) every cell
 * takes the whole row.
 */
import { Badge, Button, makeStyles, mergeClasses, Tab, TabList, tokens } from '@fluentui/react-components';
import type { ErrorSchema, ObjectFieldTemplateProps } from '@rjsf/utils';
import { useCallback, useId, useMemo, useState, type CSSProperties, type ReactElement } from 'react';
import type { LayoutView, ViewSection } from '../../../runtime/shared/layout';
import { localDigits } from '../../../runtime/shared/fieldKinds/numberText';
import type { Lang } from '../../../runtime/shared/definition';

/** What the form hands the layout beside RJSF's props (EntityForm.tsx, formContext). */
export interface LayoutContext {
  lang?: Lang;
  /** Registers the element a child table's lines grid is drawn into (null: gone). */
  linesSlot?: (name: string, element: HTMLElement | null) => void;
  /** Child tables whose lines have errors. */
  linesWithErrors?: readonly string[];
}

const useStyles = makeStyles({
  root: { containerType: 'inline-size', display: 'flex', flexDirection: 'column', gap: '12px' },
  panel: { display: 'flex', flexDirection: 'column', gap: '12px', paddingBlockStart: '8px' },
  section: {
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    padding: '8px 12px 12px',
    margin: 0,
    minWidth: 0,
  },
  bare: { border: 'none', padding: 0 },
  heading: {
    display: 'flex',
    alignItems: 'center',
    gap: '8px',
    margin: '0 0 8px',
    fontSize: tokens.fontSizeBase400,
    fontWeight: tokens.fontWeightSemibold,
  },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(var(--layout-columns), minmax(0, 1fr))',
    columnGap: '16px',
    rowGap: '12px',
  },
  cell: {
    gridColumn: 'span var(--layout-span)',
    minWidth: 0,
    '@container (max-width: 599px)': { gridColumn: '1 / -1' },
    // a value the user cannot change (a figure the server keeps, a final document's) reads as
    // text; one still unknown says so as a hint (a draft's number: «پس از قطعی شدن…»), lighter
    '& .fui-Input__input:disabled, & .fui-Textarea__textarea:disabled': {
      color: tokens.colorNeutralForeground2,
      WebkitTextFillColor: tokens.colorNeutralForeground2,
    },
    '& .fui-Input__input:disabled::placeholder, & .fui-Textarea__textarea:disabled::placeholder': {
      color: tokens.colorNeutralForeground4,
      WebkitTextFillColor: tokens.colorNeutralForeground4,
      fontWeight: tokens.fontWeightRegular,
    },
  },
  wide: { gridColumn: '1 / -1' },
});

type Property = ObjectFieldTemplateProps['properties'][number];

/** Top-level names with an error of their own or under them (a field's, or a line's). */
function namesWithErrors(errors: ErrorSchema | undefined, lines: readonly string[] = []): Set<string> {
  const out = new Set<string>(lines);
  const has = (node: unknown): boolean =>
    typeof node === 'object' &&
    node !== null &&
    Object.entries(node).some(([k, v]) => (k === '__errors' ? Array.isArray(v) && v.length > 0 : has(v)));
  for (const [name, node] of Object.entries(errors ?? {}))
    if (name !== '__errors' && has(node)) out.add(name);
  return out;
}

const sectionNames = (s: ViewSection) => s.rows.flatMap((r) => r.map((c) => c.name));

function LinesSlot({ name, register }: { name: string; register?: LayoutContext['linesSlot'] }) {
  const ref = useCallback((el: HTMLElement | null) => register?.(name, el), [name, register]);
  return <div ref={ref} data-lines-slot={name} />;
}

function Section({
  section,
  index,
  errors,
  children,
}: {
  section: ViewSection;
  index: string;
  errors: Set<string>;
  children: ReactElement;
}) {
  const styles = useStyles();
  const [open, setOpen] = useState(!section.collapsed);
  const erring = sectionNames(section).some((n) => errors.has(n));
  // a folded section with an error is open: the message is read where the field is
  const shown = open || erring;
  const bodyId = `${useId()}-section`;
  const bare = !section.title && !section.collapsible;
  return (
    <section
      className={mergeClasses(styles.section, bare && styles.bare)}
      aria-label={section.title || undefined}
      data-layout-section={section.title || index}
    >
      {(section.title || section.collapsible) && (
        <h3 className={styles.heading}>
          {section.collapsible ? (
            <Button
              appearance="transparent"
              aria-expanded={shown}
              aria-controls={bodyId}
              onClick={() => setOpen((o) => !o)}
              icon={<span aria-hidden>{shown ? '▾' : '◂'}</span>}
            >
              {section.title}
            </Button>
          ) : (
            section.title
          )}
        </h3>
      )}
      <div id={bodyId} hidden={!shown}>
        {children}
      </div>
    </section>
  );
}

export function LayoutTemplate({ props, view }: { props: ObjectFieldTemplateProps; view: LayoutView }) {
  const styles = useStyles();
  const ctx = (props.registry.formContext ?? {}) as LayoutContext;
  const lang = ctx.lang ?? 'fa';
  const byName = useMemo(() => new Map(props.properties.map((p) => [p.name, p])), [props.properties]);
  const errors = namesWithErrors(props.errorSchema, ctx.linesWithErrors);
  const [tab, setTab] = useState(0);
  const tabId = useId();
  const tabErrors = view.tabs.map((t, i) => {
    const names = t.sections.flatMap(sectionNames);
    if (i === view.tabs.length - 1) names.push(...view.rest);
    return names.filter((n) => errors.has(n)).length;
  });
  // errors appearing on other tabs only (a save refused): show the first tab that holds one
  const erringTabs = tabErrors.flatMap((n, i) => (n > 0 ? [i] : [])).join(',');
  const [seenErrors, setSeenErrors] = useState(erringTabs);
  if (seenErrors !== erringTabs) {
    setSeenErrors(erringTabs);
    const list = erringTabs ? erringTabs.split(',').map(Number) : [];
    if (list.length > 0 && !list.includes(tab)) setTab(list[0]!);
  }

  const cell = (name: string, span: number, wide: boolean) => {
    const p: Property | undefined = byName.get(name);
    if (!p) return null;
    return (
      <div
        key={name}
        className={mergeClasses(styles.cell, wide && styles.wide)}
        style={{ '--layout-span': span } as CSSProperties}
        hidden={p.hidden}
        data-layout-cell={name}
      >
        {p.content}
      </div>
    );
  };
  const grid = (children: (ReactElement | null)[], key?: string) => (
    <div key={key} className={styles.grid} style={{ '--layout-columns': view.columns } as CSSProperties}>
      {children}
    </div>
  );
  const restFields = (
    <>
      {view.rest.length > 0 &&
        grid(
          view.rest.map((n) => cell(n, view.columns / 2, isWide(props, n))),
          'rest',
        )}
    </>
  );
  const panel = (i: number) => {
    const t = view.tabs[i]!;
    return (
      <div className={styles.panel}>
        {t.sections.map((s, j) => (
          <Section key={j} section={s} index={`${i}-${j}`} errors={errors}>
            <>
              {s.rows.map((row, r) =>
                row[0]?.lines ? (
                  <LinesSlot key={r} name={row[0].name} register={ctx.linesSlot} />
                ) : (
                  grid(
                    row.map((c) => cell(c.name, c.span, false)),
                    String(r),
                  )
                ),
              )}
            </>
          </Section>
        ))}
        {i === view.tabs.length - 1 && restFields}
      </div>
    );
  };
  if (view.tabs.length === 1)
    return (
      <div className={styles.root} data-layout="">
        {panel(0)}
      </div>
    );
  const digits = (n: number) => localDigits(String(n), lang);
  return (
    <div className={styles.root} data-layout="">
      <TabList selectedValue={tab} onTabSelect={(_, d) => setTab(d.value as number)}>
        {view.tabs.map((t, i) => (
          <Tab key={i} value={i} id={`${tabId}-${i}`} data-layout-tab={i}>
            {t.title}
            {tabErrors[i]! > 0 && (
              <Badge color="danger" size="small" style={{ marginInlineStart: '6px' }} data-tab-errors="">
                {digits(tabErrors[i]!)}
              </Badge>
            )}
          </Tab>
        ))}
      </TabList>
      {view.tabs.map((_, i) => (
        <div key={i} role="tabpanel" aria-labelledby={`${tabId}-${i}`} hidden={i !== tab}>
          {panel(i)}
        </div>
      ))}
    </div>
  );
}

/** A long text takes the whole row among the fields the layout left out (as without a layout). */
function isWide(props: ObjectFieldTemplateProps, name: string): boolean {
  return (props.uiSchema?.[name] as Record<string, unknown> | undefined)?.['ui:widget'] === 'textarea';
}
