/**
 * The in-app dashboards of the caller's role (Report/Boards): cards on a 12-column grid at their
 * saved column, row, width and height (one column on a phone), each a report as a number, a table
 * or a chart, computed by the server as the viewer. A user who may edit boards (report.board
 * Update) switches to layout editing: a card is focused and moved with the arrow keys, resized
 * with Shift + arrows (or its buttons), the roles the board is for are ticked by their names
 * (BoardRoles.tsx), and Save writes the positions and the roles back to the board. Cards follow
 * their places: on a phone (one column) in reading order, row by row.
 */
import { useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { Button, Card, Text, Title3, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { Lang } from '../../runtime/shared/definition';
import { createEntityClient } from '../../runtime/meta/entityClient';
import { loadBoards, type BoardCard, type BoardsAnswer } from '../../runtime/report/builderClient';
import { localDigits } from '../format/digits';
import { useLoad } from '../hooks/useLoad';
import { BuilderResult, figureText } from './BuilderResult';
import { moveCard, type Layout } from './boardLayout';
import { BoardRoles } from './BoardRoles';

const boardsClient = createEntityClient({ module: 'report', name: 'board' });

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gap: '12px',
    marginTop: '12px',
    gridTemplateColumns: 'minmax(0, 1fr)',
    '@media (min-width: 760px)': { gridTemplateColumns: 'repeat(12, minmax(0, 1fr))', gridAutoRows: '120px' },
  },
  card: { minWidth: 0, overflow: 'auto', containerType: 'inline-size' },
  editing: { outline: `2px dashed ${tokens.colorBrandStroke1}` },
  figure: { fontSize: 'clamp(14px, 9cqi, 28px)', fontWeight: 600, overflowWrap: 'anywhere' },
  bar: { display: 'flex', flexWrap: 'wrap', gap: '8px', alignItems: 'center', marginTop: '16px' },
  tools: { display: 'flex', flexWrap: 'wrap', gap: '4px' },
});

function place(card: Layout, wide: boolean): React.CSSProperties | undefined {
  return wide
    ? { gridColumn: `${card.x + 1} / span ${card.w}`, gridRow: `${card.y + 1} / span ${card.h}` }
    : undefined;
}

/**
 * Cards row by row, then column by column: the order a phone shows them and Tab visits them. While
 * the board is edited they keep their order, so a card moved with the keys keeps its focus.
 */
function inReadingOrder<T extends { l: Layout }>(cards: T[], editing: boolean): T[] {
  return editing ? cards : [...cards].sort((a, b) => a.l.y - b.l.y || a.l.x - b.l.x);
}

function CardBody({ card, lang }: { card: BoardCard; lang: Lang }) {
  const styles = useStyles();
  if (card.show === 'number') {
    const v = card.answer.rows[0]?.values[0] ?? 0;
    return (
      <span className={styles.figure} data-value={String(v)}>
        {localDigits(figureText(v, lang), lang)}
      </span>
    );
  }
  return <BuilderResult answer={card.answer} view={card.show} lang={lang} title={card.title} />;
}

export function BoardView({ lang }: { lang: Lang }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const load = useLoad(() => loadBoards(), []);
  const [editing, setEditing] = useState<number | null>(null);
  const [layouts, setLayouts] = useState<Record<string, Layout>>({});
  const [saving, setSaving] = useState(false);
  // the roles ticked while editing, per board (absent: as the board has them)
  const [roleDrafts, setRoleDrafts] = useState<Record<number, string[]>>({});
  const wide = typeof window !== 'undefined' && window.matchMedia?.('(min-width: 760px)').matches;
  const data: BoardsAnswer | undefined = load.data;
  if (!data || data.boards.length === 0) return null;
  const layoutOf = (board: number, c: BoardCard): Layout => layouts[`${board}:${c.index}`] ?? c;
  const rtl = lang === 'fa';
  const onKey = (board: number, c: BoardCard) => (e: KeyboardEvent) => {
    const next = moveCard(layoutOf(board, c), e.key, e.shiftKey, rtl);
    if (!next) return;
    e.preventDefault();
    setLayouts({ ...layouts, [`${board}:${c.index}`]: next });
  };
  const save = async (board: number) => {
    setSaving(true);
    try {
      const row = await boardsClient.get(board);
      const cards = ((row.cards ?? []) as Record<string, unknown>[]).map((line, index) => {
        const l = layouts[`${board}:${index}`];
        return l ? { ...line, x: l.x, y: l.y, w: l.w, h: l.h } : line;
      });
      const {
        id: _id,
        version,
        createdAt: _c,
        updatedAt: _u,
        createdBy: _cb,
        updatedBy: _ub,
        ...values
      } = row;
      const roles = roleDrafts[board];
      if (roles) values.roles = roles.includes('*') ? '*' : roles.join(',');
      await boardsClient.update(board, version, { ...values, cards });
      setEditing(null);
      setRoleDrafts({});
    } finally {
      setSaving(false);
    }
  };
  return (
    <>
      {data.boards.map((b) => (
        <section key={b.id} aria-labelledby={`board-${b.id}`} data-board={b.id}>
          <div className={styles.bar}>
            <Title3 as="h2" id={`board-${b.id}`}>
              {localDigits(b.title, lang)}
            </Title3>
            {data.canEdit && editing !== b.id && (
              <Button size="small" onClick={() => setEditing(b.id)} data-testid="board-edit">
                {t('reportBuilder.editLayout')}
              </Button>
            )}
            {editing === b.id && (
              <>
                <Text>{t('reportBuilder.layoutHelp')}</Text>
                <Button
                  size="small"
                  appearance="primary"
                  disabled={saving || roleDrafts[b.id]?.length === 0}
                  onClick={() => void save(b.id)}
                  data-testid="board-save"
                >
                  {t('reportBuilder.saveLayout')}
                </Button>
                <Button
                  size="small"
                  onClick={() => {
                    setLayouts({});
                    setRoleDrafts({});
                    setEditing(null);
                  }}
                >
                  {t('reportBuilder.cancel')}
                </Button>
                <Link to={`/report/board?open=${b.id}`}>{t('reportBuilder.editCards')}</Link>
              </>
            )}
          </div>
          {editing === b.id && data.roles && (
            <BoardRoles
              board={b.title}
              roles={data.roles}
              value={roleDrafts[b.id] ?? b.roles ?? []}
              lang={lang}
              onChange={(roles) => setRoleDrafts({ ...roleDrafts, [b.id]: roles })}
            />
          )}
          <div className={styles.grid} role="list">
            {inReadingOrder(
              b.cards.map((c) => ({ c, l: layoutOf(b.id, c) })),
              editing === b.id,
            ).map(({ c, l }) => {
              const edit = editing === b.id;
              return (
                <Card
                  key={c.index}
                  role="listitem"
                  data-card={c.index}
                  className={edit ? `${styles.card} ${styles.editing}` : styles.card}
                  style={place(l, Boolean(wide))}
                  {...(edit
                    ? {
                        tabIndex: 0,
                        onKeyDown: onKey(b.id, c),
                        'aria-label': t('reportBuilder.cardAt', {
                          title: c.title,
                          x: l.x + 1,
                          y: l.y + 1,
                          w: l.w,
                          h: l.h,
                        }),
                      }
                    : {})}
                >
                  <Text weight="semibold">{localDigits(c.title, lang)}</Text>
                  {edit && (
                    <div className={styles.tools}>
                      {(['ArrowRight', 'ArrowLeft', 'ArrowUp', 'ArrowDown'] as const).map((k) => (
                        <Button
                          key={k}
                          size="small"
                          onClick={() =>
                            setLayouts({
                              ...layouts,
                              [`${b.id}:${c.index}`]: moveCard(l, k, false, rtl) ?? l,
                            })
                          }
                        >
                          {t(`reportBuilder.move.${k}`)}
                        </Button>
                      ))}
                      {(
                        [
                          ['wider', rtl ? 'ArrowLeft' : 'ArrowRight'],
                          ['narrower', rtl ? 'ArrowRight' : 'ArrowLeft'],
                          ['taller', 'ArrowDown'],
                          ['shorter', 'ArrowUp'],
                        ] as const
                      ).map(([name, k]) => (
                        <Button
                          key={name}
                          size="small"
                          onClick={() =>
                            setLayouts({ ...layouts, [`${b.id}:${c.index}`]: moveCard(l, k, true, rtl) ?? l })
                          }
                        >
                          {t(`reportBuilder.resize.${name}`)}
                        </Button>
                      ))}
                    </div>
                  )}
                  <CardBody card={c} lang={lang} />
                </Card>
              );
            })}
          </div>
        </section>
      ))}
    </>
  );
}
