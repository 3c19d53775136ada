/**
 * A ledger of BENCH_LINES voucher lines (default 1,000,000) for the ledger bench, written the way
 * the demo seed posts in bulk: final vouchers (accounting.voucher) with their lines, and the same
 * lines in the general ledger (`ledger_entries`, `ledger_daily`) through ledgerStore.addEntries,
 * batch by batch, each batch one transaction, so the three always agree. A year (1405) of a trading
 * company's vouchers, in date order: sales on credit (receivable [party] / sales / VAT), receipts
 * (bank [bank] / receivable [party]), purchases (inventory and VAT / payable [party]), payments
 * (payable [party] / bank [bank]), expenses paid in cash (expense / cash [cash box]) and the cost of
 * goods sold, over PARTIES floating detail accounts of persons and the demo's two branches; the
 * detail accounts each line takes are those its account asks for (the chart's detail groups).
 * Seeded (same data every run); resumes where a stopped run left off.
 */
import { sql } from 'kysely';
import { buildApp } from '../../server/app';
import { addEntries, type LedgerEntry } from '../../server/accounting/ledgerStore';
import { LEDGER_DAILY, LEDGER_ENTRIES } from '../../server/accounting/ledgerTables';
import type { Untyped } from '../../server/db/untyped';
import { toColumns } from '../../server/entities/rows';
import { serverEnv } from './data';

export const LINES = Number(process.env.BENCH_LINES ?? 1_000_000);
export const PARTIES = Number(process.env.BENCH_PARTIES ?? 3000);
/** Fiscal year 1405. */
export const YEAR = { from: '2026-03-21', to: '2027-03-20' } as const;
const DAYS = 365;
/** Vouchers per transaction. */
const BATCH = 2000;
const CHUNK = 500;
/** Voucher numbers of the bench (`number` is unique): B-000001… */
const PREFIX = 'B-';

/** A small seeded generator (mulberry32): the same ledger every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface World {
  account: (code: string) => number;
  /** A detail account of `group`'s id ("1" persons, "2" banks, "3" cash boxes), picked by `r`. */
  detail: (group: string, r: number) => number;
  branches: number[];
}

type Line = [account: string, debit: number, credit: number];

/** One voucher of a seeded kind: its description and lines (account code, debit, credit). */
function voucherOf(next: () => number): { text: string; lines: Line[] } {
  const amount = (max: number) => Math.max(1, Math.floor(next() * max)) * 1000;
  const k = next();
  if (k < 0.4) {
    const net = amount(50_000);
    const tax = net / 10;
    return {
      text: 'فروش نسیه',
      lines: [
        ['1201', net + tax, 0],
        ['6101', 0, net],
        ['3201', 0, tax],
      ],
    };
  }
  if (k < 0.6) {
    const a = amount(60_000);
    return {
      text: 'دریافت از مشتری',
      lines: [
        ['1102', a, 0],
        ['1201', 0, a],
      ],
    };
  }
  if (k < 0.75) {
    const net = amount(40_000);
    const tax = net / 10;
    return {
      text: 'خرید نسیه',
      lines: [
        ['1301', net, 0],
        ['1402', tax, 0],
        ['3101', 0, net + tax],
      ],
    };
  }
  if (k < 0.85) {
    const a = amount(45_000);
    return {
      text: 'پرداخت به تأمین‌کننده',
      lines: [
        ['3101', a, 0],
        ['1102', 0, a],
      ],
    };
  }
  if (k < 0.95) {
    const a = amount(5_000);
    const expense = ['8201', '8202', '8203', '8205', '8206'][Math.floor(next() * 5)]!;
    return {
      text: 'هزینه نقدی',
      lines: [
        [expense, a, 0],
        ['1101', 0, a],
      ],
    };
  }
  const a = amount(30_000);
  return {
    text: 'بهای تمام‌شده فروش',
    lines: [
      ['7101', a, 0],
      ['1301', 0, a],
    ],
  };
}

async function count(db: Untyped, table: string, where?: [string, unknown]): Promise<number> {
  let q = db.selectFrom(table).select((eb) => eb.fn.countAll().as('n'));
  if (where) q = q.where(where[0], '=', where[1]);
  return Number(((await q.executeTakeFirst()) as { n: unknown }).n);
}

async function world(db: Untyped, ctx: Awaited<ReturnType<typeof buildApp>>['ctx']): Promise<World> {
  const accounts = ctx.registry.byEntityKey('accounting.account')!;
  const groups = ctx.registry.byEntityKey('accounting.detailGroup')!;
  const details = ctx.registry.byEntityKey('accounting.detailAccount')!;
  const branches = ctx.registry.byEntityKey('systemConfig.branch')!;
  const rows = (await db.selectFrom(accounts.table).select(['id', 'code', 'detail1Group']).execute()) as {
    id: unknown;
    code: unknown;
    detail1Group: unknown;
  }[];
  const byCode = new Map(rows.map((r) => [String(r.code), Number(r.id)]));
  const groupRows = (await db.selectFrom(groups.table).select(['id', 'code']).execute()) as {
    id: unknown;
    code: unknown;
  }[];
  const groupId = new Map(groupRows.map((g) => [String(g.code), Number(g.id)]));
  // the parties: PARTIES detail accounts of persons (group 1), made once
  const persons = groupId.get('1')!;
  const made = await count(db, details.table, ['sourceEntity', 'bench.party']);
  if (made < PARTIES) {
    const now = new Date().toISOString();
    const fresh = Array.from({ length: PARTIES - made }, (_, i) => {
      const n = made + i + 1;
      return {
        ...toColumns(
          details,
          {
            code: `19${String(n).padStart(5, '0')}`,
            name: `طرف حساب آزمون ${n}`,
            detailGroup: persons,
            active: true,
            sourceEntity: 'bench.party',
            sourceId: n,
          },
          ctx.dialect,
        ),
        version: 1,
        created_at: now,
        updated_at: now,
      };
    });
    for (let at = 0; at < fresh.length; at += CHUNK)
      await db
        .insertInto(details.table)
        .values(fresh.slice(at, at + CHUNK))
        .execute();
  }
  const detailRows = (await db
    .selectFrom(details.table)
    .select(['id', 'detailGroup', 'sourceEntity'])
    .orderBy('id')
    .execute()) as { id: unknown; detailGroup: unknown; sourceEntity: unknown }[];
  const inGroup = new Map<number, number[]>();
  for (const d of detailRows) {
    const g = Number(d.detailGroup);
    // persons: the bench's parties only (the demo's few would take a share far beyond theirs)
    if (g === persons && d.sourceEntity !== 'bench.party') continue;
    inGroup.set(g, [...(inGroup.get(g) ?? []), Number(d.id)]);
  }
  const branchIds = (
    (await db.selectFrom(branches.table).select('id').orderBy('id').execute()) as { id: unknown }[]
  ).map((b) => Number(b.id));
  return {
    account: (code) => {
      const id = byCode.get(code);
      if (id === undefined) throw new Error(`no account ${code} in the chart`);
      return id;
    },
    detail: (group, r) => {
      const list = inGroup.get(groupId.get(group) ?? -1) ?? [];
      if (!list.length) throw new Error(`no detail account in group ${group}`);
      return list[Math.floor(r * list.length)]!;
    },
    branches: branchIds.length ? branchIds : [0],
  };
}

/** The detail group (code) a line of the account asks for, from the chart (1201 → "1"…). */
const DETAIL_OF: Record<string, string> = { '1201': '1', '3101': '1', '1102': '2', '1101': '3' };

function isoDay(offset: number): string {
  const d = new Date(Date.UTC(2026, 2, 21 + offset));
  return d.toISOString().slice(0, 10);
}

export interface LedgerFacts {
  entries: number;
  daily: number;
  vouchers: number;
  /** The id of account 1201 (trade receivables), the statement's account. */
  receivable: number;
}

/** Fills `url` (migrated and seeded as the server does) up to LINES bench voucher lines. */
export async function fillLedger(url: string, lines = LINES): Promise<LedgerFacts> {
  const app = await buildApp({ logger: false, env: serverEnv(url, 0) });
  try {
    const ctx = app.ctx;
    const db = ctx.db as unknown as Untyped;
    const voucher = ctx.registry.byEntityKey('accounting.voucher')!;
    const child = voucher.children.find((c) => c.name === 'lines')!;
    const w = await world(db, ctx);
    // the same vouchers every run: the generator replays those a stopped run wrote already
    const made = Number(
      (
        (await db
          .selectFrom(voucher.table)
          .where('number', 'like', `${PREFIX}%`)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirst()) as { n: unknown }
      ).n,
    );
    const next = random(1405);
    const perDay = Math.ceil(lines / 2.55 / DAYS);
    const started = Date.now();
    let planned = 0;
    let n = 0;
    let logged = 0;
    let batch: { row: Record<string, unknown>; lines: LedgerEntry[] }[] = [];
    const flush = async () => {
      const part = batch;
      batch = [];
      if (!part.length) return;
      await db.transaction().execute(async (trx) => {
        const now = new Date().toISOString();
        const ids: number[] = [];
        for (let at = 0; at < part.length; at += CHUNK) {
          const inserted = (await trx
            .insertInto(voucher.table)
            .values(
              part.slice(at, at + CHUNK).map((b) => ({
                ...toColumns(voucher, b.row, ctx.dialect),
                version: 1,
                created_at: now,
                updated_at: now,
              })),
            )
            .returning('id')
            .execute()) as { id: unknown }[];
          ids.push(...inserted.map((r) => Number(r.id)).sort((a, b) => a - b));
        }
        const lineRows: Record<string, unknown>[] = [];
        const entries: LedgerEntry[] = [];
        part.forEach((b, i) => {
          for (const e of b.lines) {
            entries.push({ ...e, voucherId: ids[i]! });
            lineRows.push({
              parent_id: ids[i]!,
              line_no: e.lineNo,
              account: e.accountId,
              detail1: e.detail1Id,
              detail2: null,
              description: null,
              debit: e.debit,
              credit: e.credit,
            });
          }
        });
        for (let at = 0; at < lineRows.length; at += CHUNK)
          await trx
            .insertInto(child.table)
            .values(lineRows.slice(at, at + CHUNK))
            .execute();
        await addEntries(trx as unknown as Untyped, entries);
      });
      if (planned - logged >= 100_000 || planned >= lines) {
        logged = planned;
        console.log(`  ledger: ${planned}/${lines} lines (${Math.round((Date.now() - started) / 1000)} s)`);
      }
    };
    while (planned < lines) {
      n += 1;
      const v = voucherOf(next);
      const branch = w.branches[Math.floor(next() * w.branches.length)]!;
      const party = next();
      const date = isoDay(Math.min(DAYS - 1, Math.floor((n - 1) / perDay)));
      const entries: LedgerEntry[] = v.lines.map(([code, debit, credit], i) => {
        const group = DETAIL_OF[code];
        return {
          voucherId: 0,
          lineNo: i,
          date,
          accountId: w.account(code),
          detail1Id: group ? w.detail(group, group === '1' ? party : next()) : null,
          detail2Id: null,
          branchId: branch,
          debit,
          credit,
          description: null,
          sourceEntity: null,
          sourceId: null,
        };
      });
      planned += entries.length;
      if (n <= made) continue;
      const total = v.lines.reduce((sum, l) => sum + l[1], 0);
      batch.push({
        row: {
          number: `${PREFIX}${String(n).padStart(7, '0')}`,
          date,
          description: `${v.text} ${n}`,
          kind: 'manual',
          status: 'draft',
          docState: 'final',
          totalDebit: total,
          totalCredit: total,
        },
        lines: entries,
      });
      if (batch.length >= BATCH) await flush();
    }
    await flush();
    if (ctx.dialect === 'postgres') await sql`analyze`.execute(db);
    return {
      entries: await count(db, LEDGER_ENTRIES),
      daily: await count(db, LEDGER_DAILY),
      vouchers: await count(db, voucher.table),
      receivable: w.account('1201'),
    };
  } finally {
    await app.close();
  }
}
