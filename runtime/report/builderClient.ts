/** Calls of the report builder and the in-app dashboards through the one pipeline (docs/api.md, Report builder). */
import type { BuilderAnswer, BuilderSpec } from '../shared/reportBuilder';
import { api } from '../http/pipeline';

export function buildReport(spec: BuilderSpec): Promise<BuilderAnswer> {
  return api.post<BuilderAnswer>('Report/Build', spec);
}

export type CardShow = 'number' | 'table' | 'bar' | 'line' | 'pie';

/** One card of a board with its figures (server/reports/boards.ts). */
export interface BoardCard {
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

export interface BoardsAnswer {
  /** `roles`: the roles a board is for (`*`: everyone), sent to editors only. */
  boards: { id: number; title: string; cards: BoardCard[]; roles?: string[] }[];
  canEdit: boolean;
  /** Every role with the labels an admin gave it (empty: none), sent to editors only. */
  roles?: { role: string; label: { fa: string; en: string } }[];
}

/** The caller's dashboards. Silent: the landing screen shows what it gets. */
export function loadBoards(): Promise<BoardsAnswer> {
  return api.post<BoardsAnswer>('Report/Boards', {}, { silent: true });
}
