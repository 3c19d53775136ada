/**
 * The fields table: one row per field (name, kind, labels fa/en, required, lookup target, money,
 * sortable, filterable, an enum's choices or a decimal's places), rows added, removed and moved
 * with buttons. Plain inputs, so it is used
 * with the keyboard (Tab between cells, Space on checkboxes).
 */
import { Button, Checkbox, Input, makeStyles, Select, Text, tokens } from '@fluentui/react-components';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sentenceNumber } from '../../runtime/shared/fieldKinds/numberText';
import type { EntityChoice } from './context';
import {
  FIELD_KINDS,
  hasOptions,
  hasPrecision,
  newRow,
  rowProblems,
  type FieldKind,
  type FieldRow,
} from './fieldRows';
import { DataTable, type DataColumn } from '../table/DataTable';

export interface FieldsTableProps {
  rows: FieldRow[];
  onChange: (rows: FieldRow[]) => void;
  entities: EntityChoice[];
  /** Accessible name of the table. */
  caption: string;
  /** The display field of a lookup target not known from `entities` (e.g. read from its definition). */
  displayFieldOf?: (key: string) => Promise<string | undefined>;
  /** Told whether rows with a problem are held back (not in the definition yet). */
  onProblem?: (problem: boolean) => void;
}

const useStyles = makeStyles({
  wrap: { overflowX: 'auto' },
  // columns of their own widths (equal ones squeezed the names and labels under one another at
  // 1366 px); a narrower editor scrolls the table sideways in its box
  table: {
    tableLayout: 'fixed',
    minWidth: '980px',
    '& td, & th': { paddingInline: '4px' },
    '& .fui-Input, & .fui-Select': { width: '100%', minWidth: 0 },
  },
  name: { width: '105px' },
  kind: { width: '105px' },
  labelFa: { width: '130px' },
  labelEn: { width: '115px' },
  flag: { width: '48px', textAlign: 'center' },
  lookup: { width: '140px' },
  details: { width: '100px' },
  actions: { width: '100px', '& > *': { minWidth: '28px', marginInlineEnd: '2px' } },
  bad: { backgroundColor: tokens.colorPaletteRedBackground1 },
  problem: { color: tokens.colorPaletteRedForeground1, display: 'block' },
  narrow: { minWidth: '90px' },
});

const FLAGS = ['required', 'money', 'sortable', 'filterable'] as const;

export function FieldsTable(props: FieldsTableProps) {
  const { rows: given, onChange: emit, entities, caption, onProblem, displayFieldOf } = props;
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  // Rows with a problem (a name being typed, a duplicate) stay here and are not sent on, so the
  // definition never loses a row; a change from outside replaces them.
  const basis = JSON.stringify(given);
  const [local, setLocal] = useState({ rows: given, basis });
  if (local.basis !== basis) setLocal({ rows: given, basis });
  const rows = local.basis === basis ? local.rows : given;
  const problems = rowProblems(rows);
  const held = problems.size > 0;
  useEffect(() => {
    onProblem?.(held);
  }, [held, onProblem]);
  useEffect(
    () => () => {
      onProblem?.(false);
    },
    [onProblem],
  );
  const latest = useRef(rows);
  useEffect(() => {
    latest.current = rows;
  });
  const onChange = (next: FieldRow[]) => {
    latest.current = next;
    setLocal({ rows: next, basis });
    if (rowProblems(next).size === 0) emit(next);
  };
  const chooseLookup = (i: number, key: string) => {
    const known = entities.find((e) => e.key === key)?.displayField;
    const row = rows[i]!;
    set(i, { lookup: key, lookupDisplay: known ?? '' });
    if (known || !key || !displayFieldOf) return;
    void displayFieldOf(key).then((field) => {
      const now = latest.current;
      const j = now.findIndex((r) => r.name === row.name && r.lookup === key && !r.lookupDisplay);
      if (field && j >= 0) onChange(now.map((r, n) => (n === j ? { ...r, lookupDisplay: field } : r)));
    });
  };
  const set = (i: number, patch: Partial<FieldRow>) =>
    onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const move = (i: number, by: number) => {
    const next = [...rows];
    const [row] = next.splice(i, 1);
    next.splice(i + by, 0, row!);
    onChange(next);
  };
  // «نام فیلد ۲»: the row's number in the language's digits
  const label = (col: string, i: number) =>
    `${t(`designer.col.${col}`)} ${sentenceNumber(i + 1, i18n.language === 'en' ? 'en' : 'fa')}`;
  // the money flag and the money kind are one choice
  const setKind = (i: number, kind: FieldKind) => set(i, { kind, money: kind === 'money' });
  const setFlag = (i: number, flag: (typeof FLAGS)[number], on: boolean) => {
    const row = rows[i]!;
    if (flag !== 'money') return set(i, { [flag]: on });
    const kind = on ? 'money' : row.kind === 'money' ? 'integer' : row.kind;
    set(i, { money: on, kind });
  };
  const widths: Record<string, string> = {
    name: styles.name,
    kind: styles.kind,
    labelFa: styles.labelFa,
    labelEn: styles.labelEn,
    lookup: styles.lookup,
    details: styles.details,
    actions: styles.actions,
  };
  const column = (id: string, cell: DataColumn<FieldRow>['cell']): DataColumn<FieldRow> => ({
    id,
    header: t(`designer.col.${id}`),
    cell,
    className: widths[id] ?? styles.flag,
  });
  const columns: DataColumn<FieldRow>[] = [
    column('name', (row, i) => (
      <>
        <Input
          className={styles.narrow}
          dir="ltr"
          aria-label={label('name', i)}
          value={row.name}
          onChange={(_, d) => set(i, { name: d.value.trim() })}
        />
        {problems.get(i)?.map((p) => (
          <Text key={p} size={200} className={styles.problem} role="alert">
            {t(`designer.problem.${p}`)}
          </Text>
        ))}
      </>
    )),
    column('kind', (row, i) => (
      <Select
        aria-label={label('kind', i)}
        value={row.kind}
        onChange={(_, d) => setKind(i, d.value as FieldKind)}
      >
        {FIELD_KINDS.map((k) => (
          <option key={k} value={k}>
            {t(`designer.kind.${k}`)}
          </option>
        ))}
      </Select>
    )),
    column('labelFa', (row, i) => (
      <Input
        aria-label={label('labelFa', i)}
        value={row.labelFa}
        onChange={(_, d) => set(i, { labelFa: d.value })}
      />
    )),
    column('labelEn', (row, i) => (
      <Input
        dir="ltr"
        aria-label={label('labelEn', i)}
        value={row.labelEn}
        onChange={(_, d) => set(i, { labelEn: d.value })}
      />
    )),
    ...FLAGS.map((flag) =>
      column(flag, (row, i) => (
        <Checkbox
          aria-label={label(flag, i)}
          checked={row[flag]}
          onChange={(_, d) => setFlag(i, flag, d.checked === true)}
        />
      )),
    ),
    column('lookup', (row, i) => (
      <>
        <Select
          aria-label={label('lookup', i)}
          value={row.lookup}
          onChange={(_, d) => chooseLookup(i, d.value)}
        >
          <option value="">{t('designer.noLookup')}</option>
          {entities.map((e) => (
            <option key={e.key} value={e.key}>
              {e.title}
            </option>
          ))}
        </Select>
        {row.lookup && (
          <Input
            dir="ltr"
            className={styles.narrow}
            aria-label={label('lookupDisplay', i)}
            placeholder={t('designer.col.lookupDisplay')}
            value={row.lookupDisplay}
            onChange={(_, d) => set(i, { lookupDisplay: d.value.trim() })}
          />
        )}
      </>
    )),
    column('details', (row, i) => (
      <>
        {hasOptions(row.kind) && (
          <Input
            className={styles.narrow}
            aria-label={label('options', i)}
            placeholder={t('designer.optionsHint')}
            value={row.options}
            onChange={(_, d) => set(i, { options: d.value })}
          />
        )}
        {hasPrecision(row.kind) && (
          <Input
            className={styles.narrow}
            dir="ltr"
            inputMode="numeric"
            aria-label={label('precision', i)}
            value={row.precision}
            onChange={(_, d) => set(i, { precision: d.value.trim() })}
          />
        )}
      </>
    )),
    column('actions', (_, i) => (
      <>
        <Button size="small" aria-label={label('up', i)} disabled={i === 0} onClick={() => move(i, -1)}>
          ↑
        </Button>
        <Button
          size="small"
          aria-label={label('down', i)}
          disabled={i === rows.length - 1}
          onClick={() => move(i, 1)}
        >
          ↓
        </Button>
        <Button
          size="small"
          aria-label={label('remove', i)}
          disabled={rows.length === 1}
          onClick={() => onChange(rows.filter((_, j) => j !== i))}
        >
          ✕
        </Button>
      </>
    )),
  ];
  return (
    <div className={styles.wrap}>
      <DataTable
        label={caption}
        className={styles.table}
        columns={columns}
        rows={rows}
        rowProps={(_, i) => ({ className: problems.has(i) ? styles.bad : undefined })}
      />
      <Button onClick={() => onChange([...rows, newRow(rows)])}>{t('designer.addField')}</Button>
    </div>
  );
}
