/**
 * The report builder's declaration editor: the entity, its dimensions (a document or line field,
 * a date's Jalali bucket), measures (operation and numeric field), filters (the grid's filter
 * model: one condition per field) and the sort and limit. Every control is a labelled native
 * select or input, reachable by keyboard; the choices are what Report/Entities offers the caller
 * (fields hidden from the role are not offered).
 */
import { Button, Field, Input, Select, makeStyles } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { jalaliToIso, isoToJalali } from '../../runtime/shared/jalali';
import {
  BUILDER_MAX_DIMENSIONS,
  BUILDER_MAX_MEASURES,
  BUILDER_OPS,
  DATE_BUCKETS,
  type BuilderOp,
  type BuilderSpec,
  type DateBucket,
} from '../../runtime/shared/reportBuilder';
import type { ReportEntity } from '../../runtime/shared/reports';

type FieldInfo = ReportEntity['fields'][number];

const useStyles = makeStyles({
  panel: { display: 'flex', flexDirection: 'column', gap: '12px', minWidth: 0 },
  row: { display: 'flex', flexWrap: 'wrap', gap: '8px', alignItems: 'flex-end' },
  grow: { minWidth: '160px', flexGrow: 1 },
  legend: { fontWeight: 600, padding: 0 },
  set: { border: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '8px' },
});

export function allFields(entity: ReportEntity | undefined): FieldInfo[] {
  return entity ? [...entity.fields, ...(entity.lineFields ?? [])] : [];
}

/** The filter model's one condition on a field, as the controls edit it. */
export interface FilterRow {
  field: string;
  type: string;
  value: string;
  valueTo: string;
}

const FILTER_TYPES: Record<FieldInfo['kind'], string[]> = {
  text: ['equals', 'contains'],
  number: ['equals', 'greaterThan', 'lessThan'],
  date: ['inRange'],
  boolean: ['true', 'false'],
};

/** The grid's filter model of the filter rows (rows with no value are left out). */
export function filterModelOf(rows: FilterRow[], fields: FieldInfo[]): Record<string, unknown> | undefined {
  const model: Record<string, unknown> = {};
  for (const r of rows) {
    const kind = fields.find((f) => f.name === r.field)?.kind;
    if (!kind) continue;
    if (kind === 'boolean')
      model[r.field] = { filterType: 'boolean', type: 'equals', filter: r.type === 'true' };
    else if (kind === 'date') {
      const from = jalaliToIso(r.value);
      const to = jalaliToIso(r.valueTo);
      if (from && to) model[r.field] = { filterType: 'date', type: 'inRange', dateFrom: from, dateTo: to };
    } else if (r.value.trim() !== '') {
      const n = Number(r.value);
      if (kind === 'number' && Number.isFinite(n))
        model[r.field] = { filterType: 'number', type: r.type, filter: n };
      else if (kind === 'text') model[r.field] = { filterType: 'text', type: r.type, filter: r.value };
    }
  }
  return Object.keys(model).length ? model : undefined;
}

/** Filter rows read back from a saved filter model (the kinds filterModelOf writes). */
export function filterRowsOf(model: Record<string, unknown> | undefined): FilterRow[] {
  return Object.entries(model ?? {}).map(([field, m]) => {
    const f = m as {
      type?: string;
      filter?: unknown;
      dateFrom?: string;
      dateTo?: string;
      filterType?: string;
    };
    if (f.filterType === 'boolean')
      return { field, type: f.filter ? 'true' : 'false', value: '', valueTo: '' };
    if (f.filterType === 'date')
      return {
        field,
        type: 'inRange',
        value: isoToJalali(f.dateFrom ?? '') ?? '',
        valueTo: isoToJalali(f.dateTo ?? '') ?? '',
      };
    return { field, type: f.type ?? 'equals', value: String(f.filter ?? ''), valueTo: '' };
  });
}

export interface BuilderControlsProps {
  entities: ReportEntity[];
  spec: BuilderSpec;
  filters: FilterRow[];
  onSpec: (spec: BuilderSpec) => void;
  onFilters: (rows: FilterRow[]) => void;
}

export function BuilderControls({ entities, spec, filters, onSpec, onFilters }: BuilderControlsProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const entity = entities.find((e) => e.key === spec.entity);
  const fields = allFields(entity);
  const numbers = fields.filter((f) => f.kind === 'number');
  const kindOf = (name: string) => fields.find((f) => f.name === name)?.kind;
  const fieldOptions = (list: FieldInfo[]) => [
    <option key="" value="">
      {t('reportBuilder.pickField')}
    </option>,
    ...list.map((f) => (
      <option key={f.name} value={f.name}>
        {f.label}
      </option>
    )),
  ];
  const columns = [
    ...spec.dimensions.map((d) => fields.find((f) => f.name === d.field)?.label ?? d.field),
    ...spec.measures.map(
      (m) => `${t(`reportBuilder.ops.${m.op}`)} ${fields.find((f) => f.name === m.field)?.label ?? ''}`,
    ),
  ];
  return (
    <div className={styles.panel}>
      <Field label={t('reportBuilder.entity')}>
        <Select
          value={spec.entity}
          data-testid="builder-entity"
          onChange={(_, d) => {
            onSpec({ entity: d.value, dimensions: [], measures: [{ op: 'count' }] });
            onFilters([]);
          }}
        >
          <option value="">{t('report.entityPlaceholder')}</option>
          {entities.map((e) => (
            <option key={e.key} value={e.key}>
              {e.title}
            </option>
          ))}
        </Select>
      </Field>
      {entity && (
        <>
          <fieldset className={styles.set}>
            <legend className={styles.legend}>{t('reportBuilder.dimensions')}</legend>
            {spec.dimensions.map((d, i) => (
              <div className={styles.row} key={i}>
                <Field label={t('reportBuilder.dimension', { n: i + 1 })} className={styles.grow}>
                  <Select
                    value={d.field}
                    data-testid={`builder-dimension-${i}`}
                    onChange={(_, v) => {
                      const dims = [...spec.dimensions];
                      dims[i] =
                        kindOf(v.value) === 'date' ? { field: v.value, bucket: 'month' } : { field: v.value };
                      onSpec({ ...spec, dimensions: dims, sort: undefined });
                    }}
                  >
                    {fieldOptions(fields)}
                  </Select>
                </Field>
                {kindOf(d.field) === 'date' && (
                  <Field label={t('reportBuilder.bucket')}>
                    <Select
                      value={d.bucket ?? 'month'}
                      onChange={(_, v) => {
                        const dims = [...spec.dimensions];
                        dims[i] = { field: d.field, bucket: v.value as DateBucket };
                        onSpec({ ...spec, dimensions: dims });
                      }}
                    >
                      {DATE_BUCKETS.map((b) => (
                        <option key={b} value={b}>
                          {t(`reportBuilder.buckets.${b}`)}
                        </option>
                      ))}
                    </Select>
                  </Field>
                )}
                <Button
                  onClick={() =>
                    onSpec({
                      ...spec,
                      dimensions: spec.dimensions.filter((_, j) => j !== i),
                      sort: undefined,
                    })
                  }
                  aria-label={t('reportBuilder.removeDimension', { n: i + 1 })}
                >
                  {t('reportBuilder.remove')}
                </Button>
              </div>
            ))}
            {spec.dimensions.length < BUILDER_MAX_DIMENSIONS && (
              <Button
                data-testid="builder-add-dimension"
                onClick={() =>
                  onSpec({ ...spec, dimensions: [...spec.dimensions, { field: '' }], sort: undefined })
                }
              >
                {t('reportBuilder.addDimension')}
              </Button>
            )}
          </fieldset>
          <fieldset className={styles.set}>
            <legend className={styles.legend}>{t('reportBuilder.measures')}</legend>
            {spec.measures.map((m, i) => (
              <div className={styles.row} key={i}>
                <Field label={t('reportBuilder.op', { n: i + 1 })}>
                  <Select
                    value={m.op}
                    data-testid={`builder-op-${i}`}
                    onChange={(_, v) => {
                      const ms = [...spec.measures];
                      const op = v.value as BuilderOp;
                      ms[i] = op === 'count' ? { op } : { op, field: m.field ?? '' };
                      onSpec({ ...spec, measures: ms });
                    }}
                  >
                    {BUILDER_OPS.map((op) => (
                      <option key={op} value={op}>
                        {t(`reportBuilder.opNames.${op}`)}
                      </option>
                    ))}
                  </Select>
                </Field>
                {m.op !== 'count' && (
                  <Field label={t('reportBuilder.measureField', { n: i + 1 })} className={styles.grow}>
                    <Select
                      value={m.field ?? ''}
                      data-testid={`builder-measure-${i}`}
                      onChange={(_, v) => {
                        const ms = [...spec.measures];
                        ms[i] = { op: m.op, field: v.value };
                        onSpec({ ...spec, measures: ms });
                      }}
                    >
                      {fieldOptions(numbers)}
                    </Select>
                  </Field>
                )}
                {spec.measures.length > 1 && (
                  <Button
                    onClick={() =>
                      onSpec({ ...spec, measures: spec.measures.filter((_, j) => j !== i), sort: undefined })
                    }
                    aria-label={t('reportBuilder.removeMeasure', { n: i + 1 })}
                  >
                    {t('reportBuilder.remove')}
                  </Button>
                )}
              </div>
            ))}
            {spec.measures.length < BUILDER_MAX_MEASURES && (
              <Button onClick={() => onSpec({ ...spec, measures: [...spec.measures, { op: 'count' }] })}>
                {t('reportBuilder.addMeasure')}
              </Button>
            )}
          </fieldset>
          <fieldset className={styles.set}>
            <legend className={styles.legend}>{t('reportBuilder.filters')}</legend>
            {filters.map((r, i) => {
              const kind = kindOf(r.field);
              const set = (patch: Partial<FilterRow>) =>
                onFilters(filters.map((x, j) => (j === i ? { ...x, ...patch } : x)));
              return (
                <div className={styles.row} key={i}>
                  <Field label={t('reportBuilder.filterField', { n: i + 1 })} className={styles.grow}>
                    <Select
                      value={r.field}
                      onChange={(_, v) => {
                        const k = kindOf(v.value) ?? 'text';
                        set({ field: v.value, type: FILTER_TYPES[k][0]!, value: '', valueTo: '' });
                      }}
                    >
                      {fieldOptions(entity.fields)}
                    </Select>
                  </Field>
                  {kind && kind !== 'date' && (
                    <Field label={t('reportBuilder.filterType')}>
                      <Select value={r.type} onChange={(_, v) => set({ type: v.value })}>
                        {FILTER_TYPES[kind].map((ft) => (
                          <option key={ft} value={ft}>
                            {t(`reportBuilder.filterTypes.${ft}`)}
                          </option>
                        ))}
                      </Select>
                    </Field>
                  )}
                  {(kind === 'text' || kind === 'number' || kind === 'date') && (
                    <Field label={kind === 'date' ? t('reportScreen.from') : t('reportBuilder.value')}>
                      <Input
                        value={r.value}
                        onChange={(_, v) => set({ value: v.value })}
                        placeholder={kind === 'date' ? '1404/01/01' : ''}
                      />
                    </Field>
                  )}
                  {kind === 'date' && (
                    <Field label={t('reportScreen.to')}>
                      <Input
                        value={r.valueTo}
                        onChange={(_, v) => set({ valueTo: v.value })}
                        placeholder="1404/12/29"
                      />
                    </Field>
                  )}
                  <Button
                    onClick={() => onFilters(filters.filter((_, j) => j !== i))}
                    aria-label={t('reportBuilder.removeFilter', { n: i + 1 })}
                  >
                    {t('reportBuilder.remove')}
                  </Button>
                </div>
              );
            })}
            <Button
              onClick={() => onFilters([...filters, { field: '', type: 'equals', value: '', valueTo: '' }])}
            >
              {t('reportBuilder.addFilter')}
            </Button>
          </fieldset>
          <div className={styles.row}>
            <Field label={t('reportBuilder.sortBy')} className={styles.grow}>
              <Select
                value={spec.sort ? `${spec.sort.column}:${spec.sort.dir}` : ''}
                onChange={(_, v) => {
                  const [c, dir] = v.value.split(':');
                  onSpec({
                    ...spec,
                    sort: v.value ? { column: Number(c), dir: dir === 'desc' ? 'desc' : 'asc' } : undefined,
                  });
                }}
              >
                <option value="">{t('reportBuilder.sortDefault')}</option>
                {columns.flatMap((label, i) =>
                  (['asc', 'desc'] as const).map((dir) => (
                    <option key={`${i}:${dir}`} value={`${i}:${dir}`}>
                      {`${label} (${t(`reportBuilder.${dir}`)})`}
                    </option>
                  )),
                )}
              </Select>
            </Field>
            <Field label={t('reportBuilder.limit')}>
              <Input
                type="number"
                min={1}
                value={spec.limit === undefined ? '' : String(spec.limit)}
                onChange={(_, v) => {
                  const n = Number(v.value);
                  onSpec({
                    ...spec,
                    limit: v.value && Number.isInteger(n) && n > 0 ? Math.min(n, 2000) : undefined,
                  });
                }}
              />
            </Field>
          </div>
        </>
      )}
    </div>
  );
}
