/**
 * The chart of accounts as the ledger sources use it: every account with its depth in the tree
 * (1 = group, 2 = general, 3 = subsidiary, from the `parent` chain), its kind and statement (own,
 * else inherited from the nearest ancestor, else the statement of its kind), so figures posted on
 * subsidiaries roll up to any level. The chart is small (hundreds of rows): read whole per run.
 */
import type { AppContext } from '../../context';
import type { Untyped } from '../../db/untyped';
import type { Registry } from '../../definitions/registry';
import { cached } from '../../security/accessCache';
import {
  ACCOUNT_ENTITY,
  ACCOUNT_KINDS,
  STATEMENTS,
  statementOfKind,
  type AccountKind,
  type Statement,
} from './names';

export interface ChartAccount {
  id: number;
  code: string;
  name: string;
  parentId: number | null;
  /** 1 for a top account. */
  level: number;
  kind: AccountKind | null;
  statement: Statement | null;
  /** Ids from the top account down to this one. */
  path: number[];
}

export class Chart {
  readonly byId = new Map<number, ChartAccount>();
  private readonly children = new Map<number, number[]>();

  constructor(rows: readonly Omit<ChartAccount, 'level' | 'path'>[]) {
    const raw = new Map(rows.map((r) => [r.id, r]));
    for (const r of rows) {
      const path: number[] = [];
      // an ancestor chain that loops or breaks ends there (the account tree rule prevents both)
      for (let at: number | null = r.id; at !== null && !path.includes(at);) {
        const row = raw.get(at);
        if (!row) break;
        path.unshift(at);
        at = row.parentId;
      }
      const inherited = <K extends 'kind' | 'statement'>(key: K) => {
        for (let i = path.length - 1; i >= 0; i--) {
          const v = raw.get(path[i]!)?.[key];
          if (v) return v as ChartAccount[K];
        }
        return null;
      };
      const kind = inherited('kind');
      this.byId.set(r.id, {
        ...r,
        level: path.length,
        path,
        kind,
        statement: inherited('statement') ?? statementOfKind(kind),
      });
      if (r.parentId !== null)
        this.children.set(r.parentId, [...(this.children.get(r.parentId) ?? []), r.id]);
    }
  }

  /** The account and every account under it. */
  subtree(id: number): number[] {
    const out = new Set<number>();
    const stack = [id];
    while (stack.length) {
      const at = stack.pop()!;
      if (out.has(at)) continue;
      out.add(at);
      stack.push(...(this.children.get(at) ?? []));
    }
    return [...out];
  }

  /** The account figures of `id` roll up to at `level` (itself when it is not that deep). */
  at(id: number, level: number): ChartAccount | undefined {
    const account = this.byId.get(id);
    if (!account) return undefined;
    const target = account.path[Math.min(level, account.path.length) - 1];
    return target === undefined ? account : this.byId.get(target);
  }

  /** Account ids by their codes (unknown codes left out). */
  idsOfCodes(codes: readonly string[]): number[] {
    const wanted = new Set(codes.map((c) => c.trim()).filter(Boolean));
    return [...this.byId.values()].filter((a) => wanted.has(a.code)).map((a) => a.id);
  }
}

const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v));

/**
 * The chart of accounts, kept between reports while no write of this process reaches the accounts
 * table (and for the access cache's few seconds at most: security/accessCache.ts), as permissions
 * are; a transaction's or a test's Kysely reads it every time. Shared: read-only to its callers.
 */
export function loadChart(ctx: AppContext): Promise<Chart> {
  const entity = ctx.registry.byEntityKey(ACCOUNT_ENTITY);
  const read = () => loadChartFrom(ctx.db as unknown as Untyped, ctx.registry);
  if (!entity) return read();
  return cached(ctx.db, [entity.table.toLowerCase()], 'ledger.chart', read);
}

/** The chart read through `db` (a transaction: the year-end reads it in its own, uncached). */
export async function loadChartFrom(db: Untyped, registry: Registry): Promise<Chart> {
  const entity = registry.byEntityKey(ACCOUNT_ENTITY);
  if (!entity) return new Chart([]);
  const props = entity.def.schema.properties;
  const has = (f: string) => Object.hasOwn(props, f);
  const columns = ['id', 'code', 'name', 'parent', 'kind', 'statement'].filter((c) => c === 'id' || has(c));
  const rows = (await db.selectFrom(entity.table).select(columns).execute()) as Record<string, unknown>[];
  return new Chart(
    rows.map((r) => ({
      id: Number(r.id),
      code: text(r.code),
      name: text(r.name),
      parentId: r.parent === null || r.parent === undefined ? null : Number(r.parent),
      kind: (ACCOUNT_KINDS as readonly string[]).includes(text(r.kind))
        ? (text(r.kind) as AccountKind)
        : null,
      statement: (STATEMENTS as readonly string[]).includes(text(r.statement))
        ? (text(r.statement) as Statement)
        : null,
    })),
  );
}
