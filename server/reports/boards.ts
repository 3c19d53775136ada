/**
 * Report/Boards: the dashboards built in the app (report.board rows, each with cards over
 * report-builder analyses, report.analysis) for the caller's role, with every card's figures.
 * - A board is the caller's when its `roles` list names the role or `*`; the board and analysis
 *   rows are read here whatever the caller's rights on those two entities (a viewer needs none):
 *   what the caller reads is the figures, and those are computed as the caller (runBuilder: view
 *   permission, row scope, field permissions), never as the designer.
 * - A card whose report the caller may not run (403 no view, 400 a hidden or vanished field,
 *   404 an entity gone) is left out, so a customer never sees a card over staff data.
 * - `canEdit`: the caller may update boards (the layout editor's save is report.board's Update);
 *   then each board also names its roles, and `roles` lists every role with the labels an admin
 *   gave it (empty: the shipped translation or the key), for the editor's role picker.
 */
import type { Lang } from '../../runtime/shared/definition';
import { checkBuilderSpec, type BuilderAnswer } from '../../runtime/shared/reportBuilder';
import type { AppContext, CurrentUser } from '../context';
import type { Untyped } from '../db/untyped';
import type { SelectedPeriod } from '../entities/period';
import { HttpError } from '../http/errors';
import { permissionsByEntity } from '../security/permissions';
import { runBuilder } from './builder';

export const BOARD = 'report.board';
export const ANALYSIS = 'report.analysis';

export type CardShow = 'number' | 'table' | 'bar' | 'line' | 'pie';

export interface BoardCard {
  /** Position of the card in the board's `cards` lines. */
  index: number;
  analysis: number;
  title: string;
  show: CardShow;
  x: number;
  y: number;
  w: number;
  h: number;
  entity: string;
  answer: BuilderAnswer;
}

export interface BoardData {
  id: number;
  title: string;
  cards: BoardCard[];
  /** The roles the board is for (`*`: everyone); to editors only. */
  roles?: string[];
}

/** A role as the board editor's picker lists it (labels as Security/Role/List gives them). */
export interface BoardRole {
  role: string;
  label: { fa: string; en: string };
}

export interface BoardsAnswer {
  boards: BoardData[];
  canEdit: boolean;
  /** Every role, to editors only. */
  roles?: BoardRole[];
}

/**
 * Every role with its labels (a label equal to the key is no label): those named (the roles
 * table), and those users and permissions name, as Security/Role/List lists them.
 */
async function allRoles(ctx: AppContext): Promise<BoardRole[]> {
  const named = await ctx.db.selectFrom('roles').select(['key', 'label_fa', 'label_en']).execute();
  const held = await ctx.db.selectFrom('users').select('role').distinct().execute();
  const granted = await ctx.db.selectFrom('role_permissions').select('role').distinct().execute();
  const labels = new Map(named.map((r) => [r.key, r]));
  const keys = new Set([
    ...named.map((r) => r.key),
    ...held.map((r) => r.role),
    ...granted.map((r) => r.role),
  ]);
  return [...keys].sort().map((role) => {
    const r = labels.get(role);
    return {
      role,
      label: {
        fa: r && r.label_fa !== role ? r.label_fa : '',
        en: r && r.label_en !== role ? r.label_en : '',
      },
    };
  });
}

type Raw = Record<string, unknown>;

const rolesOf = (text: unknown) =>
  String(text ?? '')
    .split(',')
    .map((r) => r.trim());

export async function userBoards(
  ctx: AppContext,
  user: CurrentUser,
  lang: Lang,
  selectedYear: number | SelectedPeriod | null,
): Promise<BoardsAnswer> {
  const board = ctx.registry.byEntityKey(BOARD);
  const analysis = ctx.registry.byEntityKey(ANALYSIS);
  const child = board?.children.find((c) => c.name === 'cards');
  const canEdit = Boolean((await permissionsByEntity(ctx, user)).get(BOARD)?.edit);
  if (!board || !analysis || !child) return { boards: [], canEdit };
  const db = ctx.db as unknown as Untyped;
  const rows = (await db
    .selectFrom(board.table)
    .selectAll()
    .orderBy('order')
    .orderBy('id')
    .execute()) as Raw[];
  const mine = rows.filter((r) => rolesOf(r.roles).some((role) => role === '*' || role === user.role));
  const boards: BoardData[] = [];
  for (const b of mine) {
    const lines = (await db
      .selectFrom(child.table)
      .selectAll()
      .where('parent_id', '=', b.id)
      .orderBy('line_no')
      .execute()) as Raw[];
    const cards: BoardCard[] = [];
    for (const [index, line] of lines.entries()) {
      const card = await cardData(ctx, user, lang, selectedYear, analysis.table, index, line);
      if (card) cards.push(card);
    }
    // a board with cards of which the viewer may run none is not theirs to see (an empty board,
    // still being built, shows)
    if (lines.length > 0 && cards.length === 0) continue;
    const data: BoardData = { id: Number(b.id), title: String(b.title ?? ''), cards };
    if (canEdit) data.roles = rolesOf(b.roles).filter(Boolean);
    boards.push(data);
  }
  return canEdit ? { boards, canEdit, roles: await allRoles(ctx) } : { boards, canEdit };
}

async function cardData(
  ctx: AppContext,
  user: CurrentUser,
  lang: Lang,
  selectedYear: number | SelectedPeriod | null,
  table: string,
  index: number,
  line: Raw,
): Promise<BoardCard | null> {
  const id = Number(line.analysis);
  const row = (await (ctx.db as unknown as Untyped)
    .selectFrom(table)
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst()) as Raw | undefined;
  if (!row) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(String(row.spec));
  } catch {
    return null;
  }
  const checked = checkBuilderSpec(parsed);
  if (!checked.spec) return null;
  const show = String(line.show ?? 'number') as CardShow;
  // a number is the report's total: its dimensions are dropped, the measures computed over all rows
  const spec = show === 'number' ? { ...checked.spec, dimensions: [], sort: undefined } : checked.spec;
  try {
    return {
      index,
      analysis: id,
      title: typeof line.title === 'string' && line.title ? line.title : String(row.title ?? ''),
      show,
      x: Number(line.x ?? 0),
      y: Number(line.y ?? 0),
      w: Number(line.w ?? 3),
      h: Number(line.h ?? 2),
      entity: spec.entity,
      answer: await runBuilder(ctx, user, spec, lang, selectedYear),
    };
  } catch (e) {
    if (e instanceof HttpError && [400, 403, 404].includes(e.status)) return null;
    throw e;
  }
}
