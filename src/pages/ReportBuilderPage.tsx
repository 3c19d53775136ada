/**
 * /report/builder and /report/builder/:id: the analyst's report builder (lazy route). The analyst
 * picks an entity, dimensions, measures and filters and sees the answer live (Report/Build) as a
 * table, a pivot or a chart; a figure drills down to the documents behind it (GetList with the
 * cell's filter, each opening its form); Save writes the declaration as a report.analysis row
 * (Create, then Update: each save a new version of the row, its audit trail the history), which
 * dashboard cards show (report.board).
 */
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import {
  Button,
  Card,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Select,
  Spinner,
  Text,
  Title2,
  Title3,
  makeStyles,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { periodKey, periodStore } from '../../runtime/period/current';
import { createEntityClient } from '../../runtime/meta/entityClient';
import { api } from '../../runtime/http/pipeline';
import type { ListPage } from '../../runtime/shared/envelope';
import { reportEntities } from '../../runtime/report/reportClient';
import { buildReport } from '../../runtime/report/builderClient';
import { getLang } from '../../runtime/lang';
import {
  checkBuilderSpec,
  type BuilderAnswer,
  type BuilderRow,
  type BuilderSpec,
} from '../../runtime/shared/reportBuilder';
import type { EntityRow } from '../../runtime/shared/definition';
import type { ReportEntity } from '../../runtime/shared/reports';
import {
  BuilderControls,
  allFields,
  filterModelOf,
  filterRowsOf,
  type FilterRow,
} from '../../renderers/reportBuilder/BuilderControls';
import { BUILDER_VIEWS, BuilderResult, type BuilderView } from '../../renderers/reportBuilder/BuilderResult';
import { drillFilter } from '../../renderers/reportBuilder/builderLogic';
import { openRowRoute } from '../../renderers/screen/postingLinks';
import { localDigits } from '../../renderers/format/digits';
import { useScreenTitle } from '../title';

const analyses = createEntityClient({ module: 'report', name: 'analysis' });
const boards = createEntityClient({ module: 'report', name: 'board' });

type Show = 'number' | 'table' | 'bar' | 'line' | 'pie';

const useStyles = makeStyles({
  page: {
    display: 'grid',
    gap: '16px',
    gridTemplateColumns: 'minmax(0, 1fr)',
    '@media (min-width: 1000px)': { gridTemplateColumns: 'minmax(320px, 2fr) minmax(0, 3fr)' },
  },
  col: { display: 'flex', flexDirection: 'column', gap: '12px', minWidth: 0 },
  row: { display: 'flex', flexWrap: 'wrap', gap: '8px', alignItems: 'flex-end' },
  list: { margin: 0, paddingInlineStart: '16px' },
});

const EMPTY: BuilderSpec = { entity: '', dimensions: [], measures: [{ op: 'count' }] };

/** The spec to run: complete (every dimension and measure has its field) and well formed. */
function runnable(
  spec: BuilderSpec,
  filters: FilterRow[],
  entity: ReportEntity | undefined,
): BuilderSpec | null {
  if (
    !entity ||
    spec.dimensions.some((d) => !d.field) ||
    spec.measures.some((m) => m.op !== 'count' && !m.field)
  )
    return null;
  const full = { ...spec, filterModel: filterModelOf(filters, allFields(entity)) };
  return checkBuilderSpec(full).spec ?? null;
}

interface Drill {
  label: string;
  rows: EntityRow[];
  total: number;
}

export function ReportBuilderPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const lang = getLang();
  const navigate = useNavigate();
  const { id } = useParams();
  const period = useStore(periodStore, periodKey);
  const [entities, setEntities] = useState<ReportEntity[] | null>(null);
  const [spec, setSpec] = useState<BuilderSpec>(EMPTY);
  const [filters, setFilters] = useState<FilterRow[]>([]);
  const [view, setView] = useState<BuilderView>('table');
  const [title, setTitle] = useState('');
  const [saved, setSaved] = useState<{ id: number; version: number } | null>(null);
  const [result, setResult] = useState<{ key: string; answer: BuilderAnswer } | null>(null);
  const [busy, setBusy] = useState(false);
  const [drill, setDrill] = useState<Drill | null>(null);
  const [note, setNote] = useState('');
  // boards the user may edit (GetList refused: no "add to dashboard")
  const [boardRows, setBoardRows] = useState<EntityRow[]>([]);
  const [board, setBoard] = useState('');
  const [show, setShow] = useState<Show>('table');
  useScreenTitle(t('reportBuilder.title'));

  useEffect(() => {
    void reportEntities().then(setEntities, () => setEntities([]));
    // silent: a user who may not read the boards just gets no "add to dashboard"
    api
      .post<ListPage<EntityRow>>('Report/Board/GetList', { startRow: 0, endRow: 100 }, { silent: true })
      .then(
        (page) => setBoardRows(page.rows),
        () => setBoardRows([]),
      );
  }, []);
  useEffect(() => {
    if (!id) return;
    void analyses.get(Number(id)).then((row) => {
      const checked = checkBuilderSpec(JSON.parse(String(row.spec ?? '{}')));
      if (checked.spec) {
        setSpec(checked.spec);
        setFilters(filterRowsOf(checked.spec.filterModel));
      }
      setTitle(String(row.title ?? ''));
      setView(BUILDER_VIEWS.includes(row.view as BuilderView) ? (row.view as BuilderView) : 'table');
      setSaved({ id: row.id, version: row.version });
    });
  }, [id]);

  const entity = entities?.find((e) => e.key === spec.entity);
  const ready = runnable(spec, filters, entity);
  const readyKey = JSON.stringify(ready);
  // live: the answer follows the declaration (after a short pause in typing) and the fiscal period
  useEffect(() => {
    if (!ready) return;
    let live = true;
    const timer = setTimeout(() => {
      setBusy(true);
      buildReport(ready)
        .then((answer) => live && setResult({ key: readyKey, answer }))
        .catch(() => live && setResult(null))
        .finally(() => live && setBusy(false));
    }, 300);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // readyKey stands for `ready` (a new object each render)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [readyKey, period]);

  // the answer shown is the one of the declaration as it stands (none while the next one runs)
  const answer = result?.key === readyKey ? result.answer : null;
  const [module = '', name = ''] = spec.entity.split('.');
  const canDrill = (row: BuilderRow) => Boolean(ready && answer && drillFilter(ready, answer, row));
  const onDrill = async (row: BuilderRow) => {
    if (!ready || !answer) return;
    const filterModel = drillFilter(ready, answer, row);
    if (!filterModel) return;
    const page = await createEntityClient({ module, name }).getList({
      startRow: 0,
      endRow: 50,
      sortModel: [],
      filterModel,
    });
    setDrill({ label: row.labels.join(' · '), rows: page.rows, total: page.lastRow ?? page.rows.length });
  };
  const save = async () => {
    if (!ready || !title.trim()) return;
    const values = { title: title.trim(), entity: ready.entity, view, spec: JSON.stringify(ready) };
    const row = saved
      ? await analyses.update(saved.id, saved.version, values)
      : await analyses.create(values);
    setSaved({ id: row.id, version: row.version });
    setNote(t('reportBuilder.saved', { version: row.version }));
    if (!saved) void navigate(`/report/builder/${row.id}`, { replace: true });
  };

  /** Appends a card of the saved report under the board's last card. */
  const addToBoard = async () => {
    if (!saved || !board) return;
    const row = await boards.get(Number(board));
    const cards = (row.cards ?? []) as Record<string, unknown>[];
    const y = cards.reduce((m, c) => Math.max(m, Number(c.y ?? 0) + Number(c.h ?? 1)), 0);
    const {
      id: boardId,
      version,
      createdAt: _c,
      updatedAt: _u,
      createdBy: _cb,
      updatedBy: _ub,
      ...values
    } = row;
    const card = {
      analysis: saved.id,
      show,
      x: 0,
      y: Math.min(y, 99),
      w: show === 'number' ? 3 : 6,
      h: show === 'number' ? 1 : 3,
    };
    await boards.update(boardId, version, { ...values, cards: [...cards, card] });
    setNote(t('reportBuilder.added', { board: String(row.title ?? '') }));
  };

  if (entities === null) return <Spinner label={t('app.loading')} />;
  return (
    <section aria-labelledby="builder-title">
      <Title2 as="h1" id="builder-title">
        {t('reportBuilder.title')}
      </Title2>
      <div className={styles.page}>
        <div className={styles.col}>
          <BuilderControls
            entities={entities}
            spec={spec}
            filters={filters}
            onSpec={setSpec}
            onFilters={setFilters}
          />
          <div className={styles.row}>
            <Field label={t('reportBuilder.reportTitle')}>
              <Input value={title} onChange={(_, v) => setTitle(v.value)} data-testid="builder-title" />
            </Field>
            <Button
              appearance="primary"
              disabled={!ready || !title.trim()}
              onClick={() => void save()}
              data-testid="builder-save"
            >
              {t('reportBuilder.save')}
            </Button>
            <Link to="/report/analysis">{t('reportBuilder.all')}</Link>
          </div>
          {saved && boardRows.length > 0 && (
            <div className={styles.row}>
              <Field label={t('reportBuilder.board')}>
                <Select value={board} onChange={(_, v) => setBoard(v.value)} data-testid="builder-board">
                  <option value="">{t('reportBuilder.pickBoard')}</option>
                  {boardRows.map((b) => (
                    <option key={b.id} value={b.id}>
                      {String(b.title ?? b.id)}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field label={t('reportBuilder.showAs')}>
                <Select value={show} onChange={(_, v) => setShow(v.value as Show)} data-testid="builder-show">
                  {(['number', 'table', 'bar', 'line', 'pie'] as const).map((v) => (
                    <option key={v} value={v}>
                      {t(`reportBuilder.shows.${v}`)}
                    </option>
                  ))}
                </Select>
              </Field>
              <Button disabled={!board} onClick={() => void addToBoard()} data-testid="builder-add-card">
                {t('reportBuilder.addCard')}
              </Button>
            </div>
          )}
          {note && (
            <MessageBar intent="success">
              <MessageBarBody>{localDigits(note, lang)}</MessageBarBody>
            </MessageBar>
          )}
        </div>
        <div className={styles.col}>
          <Field label={t('reportBuilder.view')}>
            <Select
              value={view}
              onChange={(_, v) => setView(v.value as BuilderView)}
              data-testid="builder-view"
            >
              {BUILDER_VIEWS.map((v) => (
                <option key={v} value={v}>
                  {t(`reportBuilder.views.${v}`)}
                </option>
              ))}
            </Select>
          </Field>
          <div aria-live="polite" aria-busy={busy}>
            {!ready ? (
              <Text>{t('reportBuilder.hint')}</Text>
            ) : !answer ? (
              <Spinner size="small" label={t('app.loading')} />
            ) : (
              <BuilderResult
                answer={answer}
                view={view}
                lang={lang}
                title={title || t('reportBuilder.title')}
                canDrill={canDrill}
                onDrill={(row) => void onDrill(row)}
              />
            )}
          </div>
          {drill && (
            <Card data-testid="builder-drill">
              <Title3 as="h2">
                {localDigits(t('reportBuilder.drillTitle', { label: drill.label, count: drill.total }), lang)}
              </Title3>
              <ul className={styles.list}>
                {drill.rows.map((r) => (
                  <li key={r.id}>
                    <Link to={openRowRoute(spec.entity, r.id)}>
                      {localDigits(String(r.number ?? r.title ?? r.name ?? r.code ?? `#${r.id}`), lang)}
                    </Link>
                  </li>
                ))}
              </ul>
              <Link to={`/${module}/${name}`}>{t('reportBuilder.openGrid')}</Link>
            </Card>
          )}
        </div>
      </div>
    </section>
  );
}
