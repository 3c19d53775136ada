/**
 * The stock ledger under concurrency across two real server processes (#25): drafts of stock
 * documents (receipts at random costs, issues asking more than comes in, transfers between two
 * warehouses) on three items are finalised concurrently through both processes. Then: no balance
 * is below zero (the issues the stock did not cover were refused, 417, and stayed drafts without
 * entries); each balance is exactly the sum of its ledger entries, quantity and value; every final
 * document has its entries; and the moving average is exact: replaying each item × warehouse's
 * entries in the order they were written, every issue took round(value × q / quantity) of the
 * balance it found and every transfer came in at the cost it went out at. Each document moves two
 * lines: PostgreSQL finalises 5,000 documents (10,000 moves, about two minutes on two shared
 * cores); SQLite, whose one writer makes the other process's writes wait or answer 503 (sent
 * again), 1,000 documents (2,000 moves).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { openDatabase } from '../../server/db/connection';
import { insertBatchDocuments } from '../../server/demo/seeders/batch';
import { emptyBalance, issueCost, moved, valueAt, type Balance } from '../../runtime/shared/stock';
import { type ServerProcess, startServerProcess, stopServerProcesses } from '../support/serverProcess';
import { PASSWORD, SECRET, call, freshDatabase, makeApp, signIn, type TestDialect } from './helpers';

/** Lines (moves) of each document. */
const LINES = 2;

interface Answer {
  status: number;
}

/** Finalises a draft, sent again while SQLite's other writer holds the lock (503). */
async function finalise(base: string, token: string, id: number): Promise<Answer> {
  for (;;) {
    const res = await fetch(`${base}/api/Inventory/StockMove/Finalise`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ id, version: 1 }),
    });
    await res.arrayBuffer();
    if (res.status === 503) continue;
    return { status: res.status };
  }
}

/** Runs `count` calls with at most `parallel` in flight, alternating between the processes. */
async function runAll(
  procs: ServerProcess[],
  count: number,
  parallel: number,
  one: (base: string, i: number) => Promise<Answer>,
): Promise<Answer[]> {
  const answers: Answer[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      answers[i] = await one(procs[i % procs.length]!.base, i);
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return answers;
}

/** Deterministic: every run the same documents. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

interface Entry {
  id: number;
  item: number;
  warehouse: number;
  quantity: bigint;
  value: bigint;
  direction: string;
  move: string;
  sourceId: number;
  lineNo: number;
}

describe.each([
  ['postgres', 5_000, 64],
  ['sqlite', 1_000, 16],
] as [TestDialect, number, number][])('stock across two processes on %s', (dialect, count, parallel) => {
  const procs: ServerProcess[] = [];
  afterAll(() => stopServerProcesses(procs));

  it(`keeps ${count * LINES} moves of concurrent finalises exact and never below zero`, async () => {
    const db = await freshDatabase(dialect);
    const app: FastifyInstance = await makeApp(db.url, { demoVolume: 'small' });
    const admin = (await signIn(app, 'admin')).access_token;
    const unit = (await call<{ rows: { id: number }[] }>(app, 'Inventory/Unit/GetList', admin, {})).body.Data
      .rows[0]!.id;
    const create = async (path: string, values: Record<string, unknown>) => {
      const res = await call<{ id: number }>(app, `${path}/Create`, admin, { values });
      expect(res.status).toBe(200);
      return res.body.Data.id;
    };
    const items: number[] = [];
    for (const n of [1, 2, 3])
      items.push(await create('Inventory/Item', { code: `MP-${n}`, name: `کالای همزمان ${n}`, unit }));
    const warehouses = [
      await create('Inventory/Warehouse', { code: 'MP-A', name: 'انبار همزمان الف' }),
      await create('Inventory/Warehouse', { code: 'MP-B', name: 'انبار همزمان ب' }),
    ];
    // the drafts, written in bulk: the finalises below are what runs concurrently
    const r = rng(2025);
    const pick = <T>(list: readonly T[]) => list[Math.floor(r() * list.length)]!;
    const drafts = Array.from({ length: count }, (_, i) => {
      const x = r();
      const kind = i < 6 ? 'receipt' : x < 0.4 ? 'receipt' : x < 0.85 ? 'issue' : 'transfer';
      const warehouse = i < 6 ? warehouses[i % 2]! : pick(warehouses);
      const lines = Array.from({ length: LINES }, (_, n) => ({
        item: i < 6 ? items[Math.floor(i / 2)]! : pick(items),
        quantity: kind === 'receipt' ? 1 + Math.floor(r() * 5) + (i < 6 ? 100 : 0) : 1 + Math.floor(r() * 6),
        unitCost: kind === 'receipt' ? 1000 + Math.floor(r() * 997) : null,
        note: String(n),
      }));
      return {
        values: {
          date: '2026-06-01',
          kind,
          warehouse,
          toWarehouse: kind === 'transfer' ? warehouses.find((w) => w !== warehouse)! : null,
          docState: 'draft',
        },
        lines,
      };
    });
    const ids = await insertBatchDocuments(app.ctx.db, app.ctx, 'inventory.stockMove', drafts);
    expect(ids).toHaveLength(count);
    await app.close();

    procs.push(
      ...(await Promise.all([
        startServerProcess(db.url, { secret: SECRET, password: PASSWORD }),
        startServerProcess(db.url, { secret: SECRET, password: PASSWORD }),
      ])),
    );
    const answers = await runAll(procs, count, parallel, (base, i) => finalise(base, admin, ids[i]!));
    const statuses = new Map<number, number>();
    for (const a of answers) statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
    // only finalised or refused for want of stock
    expect([...statuses.keys()].sort()).toEqual([200, 417]);
    await stopServerProcesses(procs);

    const { db: kdb, close } = openDatabase(db.url);
    try {
      const table = 'e_inventory_stockmove';
      const states = (
        await sql<{
          id: number;
          state: string;
        }>`select id, ${sql.ref('docState')} as state from ${sql.table(table)} where id >= ${ids[0]!}`.execute(
          kdb,
        )
      ).rows;
      const finalIds = new Set(states.filter((s) => s.state === 'final').map((s) => Number(s.id)));
      expect(finalIds.size).toBe(statuses.get(200));
      const entries: Entry[] = (
        await sql<
          Record<string, unknown>
        >`select id, item_id, warehouse_id, cast(quantity as text) as q, cast(value as text) as v, direction, "move", source_id, line_no from stock_entries where source_entity = 'inventory.stockMove' and source_id >= ${ids[0]!} order by id`.execute(
          kdb,
        )
      ).rows.map((e) => ({
        id: Number(e.id),
        item: Number(e.item_id),
        warehouse: Number(e.warehouse_id),
        quantity: BigInt(String(e.q)),
        value: BigInt(String(e.v)),
        direction: String(e.direction),
        move: String(e.move),
        sourceId: Number(e.source_id),
        lineNo: Number(e.line_no),
      }));
      // every final document has its entries, a refused one none
      expect(new Set(entries.map((e) => e.sourceId))).toEqual(finalIds);
      // the balances: exactly the sums of the ledger, never below zero
      const balances = (
        await sql<
          Record<string, unknown>
        >`select b.item_id, b.warehouse_id, cast(b.quantity as text) as q, cast(b.value as text) as v,
          (select cast(coalesce(sum(e.quantity), 0) as text) from stock_entries e where e.item_id = b.item_id and e.warehouse_id = b.warehouse_id) as eq,
          (select cast(coalesce(sum(e.value), 0) as text) from stock_entries e where e.item_id = b.item_id and e.warehouse_id = b.warehouse_id) as ev
          from stock_balances b where b.item_id in (${sql.join(items)})`.execute(kdb)
      ).rows;
      expect(balances).toHaveLength(items.length * warehouses.length);
      for (const b of balances) {
        expect(BigInt(String(b.q))).toBe(BigInt(String(b.eq)));
        expect(BigInt(String(b.v))).toBe(BigInt(String(b.ev)));
        expect(BigInt(String(b.q)) >= 0n).toBe(true);
      }
      // the moving average replayed per item × warehouse in the order the entries were written
      const costs = new Map<number, number>();
      const unitCosts = (
        await sql<
          Record<string, unknown>
        >`select parent_id, line_no, ${sql.ref('unitCost')} as c from ${sql.table(`${table}__lines`)} where parent_id >= ${ids[0]!}`.execute(
          kdb,
        )
      ).rows;
      for (const u of unitCosts) costs.set(Number(u.parent_id) * 100 + Number(u.line_no), Number(u.c));
      const book = new Map<string, Balance>();
      const outCost = new Map<string, bigint>();
      for (const e of entries) {
        const key = `${e.item}|${e.warehouse}`;
        const b = book.get(key) ?? emptyBalance();
        let expected: bigint;
        if (e.direction === 'out') {
          expected = -issueCost(b, -e.quantity);
          outCost.set(`${e.sourceId}|${e.lineNo}`, -expected);
        } else if (e.move === 'transferIn') expected = outCost.get(`${e.sourceId}|${e.lineNo}`)!;
        else expected = valueAt(costs.get(e.sourceId * 100 + e.lineNo)!, e.quantity);
        expect(e.value, `entry ${e.id}`).toBe(expected);
        book.set(key, moved(b, e.quantity, e.value));
      }
      for (const b of balances) {
        const replayed = book.get(`${Number(b.item_id)}|${Number(b.warehouse_id)}`)!;
        expect(replayed.quantity).toBe(BigInt(String(b.q)));
        expect(replayed.value).toBe(BigInt(String(b.v)));
      }
    } finally {
      await close();
      db.cleanup();
    }
  }, 900_000);
});
