/**
 * Entity rules of cheques and cheque books (server/entities/rules/index.ts; docs/treasury.md).
 *
 * An issued cheque (`direction: issued`) is a leaf of a cheque book (treasury.chequeBook) of its
 * bank account: on every save its number must be a leaf of the book that is neither void nor
 * used by another cheque (417 on the field); when it is finalised the leaf becomes `used` and
 * names the cheque, in one conditional UPDATE (two cheques never take one leaf); when it is
 * cancelled the leaf is recorded `void` with the reason. A final cheque's bank account changes
 * only while it is in hand (the account it is deposited to; afterwards its vouchers name it).
 *
 * A cheque book's leaves are generated from `firstSerial` and `leafCount` when it is created
 * without any; afterwards a leaf's `used` state and cheque are the server's, a void leaf stays void
 * (with its reason), and a user may void an unused leaf (a spoilt one) but not remove a used one.
 */
import { sql } from 'kysely';
import { docStateOf } from '../../runtime/shared/lifecycle';
import type { Lang } from '../../runtime/shared/definition';
import { tableName } from '../definitions/registry';
import type { Untyped } from '../db/untyped';
import { invalid } from '../http/errors';
import { cellMessage, fieldMessage, t } from '../i18n';
import type { Row } from '../entities/rows';
import type { EntityRule, RuleContext } from '../entities/rules/types';

const BOOKS = tableName({ module: 'treasury', name: 'chequeBook' });
const LEAVES = `${BOOKS}__leaves`;

type LeafState = 'unused' | 'used' | 'void';

interface Leaf {
  id: number;
  serial: string;
  state: LeafState;
  cheque: number | null;
}

const asId = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v !== '' ? Number(v) : NaN;
  return Number.isInteger(n) && n > 0 ? n : null;
};

const db = (c: RuleContext) => c.trx as unknown as Untyped;

async function leafOf(c: RuleContext, book: number, serial: string): Promise<Leaf | null> {
  const row = (await db(c)
    .selectFrom(LEAVES)
    .select(['id', 'serial', 'state', 'cheque'])
    .where('parent_id', '=', book)
    .where('serial', '=', serial)
    .executeTakeFirst()) as Record<string, unknown> | undefined;
  if (!row) return null;
  return {
    id: Number(row.id),
    serial: String(row.serial),
    state: (String(row.state ?? 'unused') as LeafState) || 'unused',
    cheque: asId(row.cheque),
  };
}

/** The book's count of leaves used or void, kept on the book (its `usedLeaves`). */
async function countUsed(c: RuleContext, book: number): Promise<void> {
  await db(c)
    .updateTable(BOOKS)
    .set({
      usedLeaves: sql`(select count(*) from ${sql.table(LEAVES)} where parent_id = ${book} and state <> 'unused')`,
      version: sql`version + 1`,
    })
    .where('id', '=', book)
    .execute();
}

const refuse = (lang: Lang, field: string, key: string, params: Record<string, unknown> = {}) =>
  invalid([fieldMessage(lang, field, `treasury.${key}`, params)]);

/** An issued cheque's leaf: checked on every save, taken on Finalise, voided on Cancel. */
async function issuedLeaf(c: RuleContext, values: Row): Promise<void> {
  const book = asId(values.chequeBook);
  const serial = typeof values.number === 'string' ? values.number : '';
  if (book === null || serial === '') return;
  const stored = (await db(c)
    .selectFrom(BOOKS)
    .select(['id', 'title', 'bankAccount'])
    .where('id', '=', book)
    .executeTakeFirst()) as Record<string, unknown> | undefined;
  if (!stored) return; // the references step answered already
  const title = String(stored.title ?? book);
  if (asId(values.bankAccount) !== null && asId(stored.bankAccount) !== asId(values.bankAccount))
    throw refuse(c.lang, 'chequeBook', 'bookOtherAccount', { book: title });
  const leaf = await leafOf(c, book, serial);
  const self = asId(c.before?.id);
  if (!leaf) throw refuse(c.lang, 'number', 'leafMissing', { serial, book: title });
  if (leaf.state === 'void') throw refuse(c.lang, 'number', 'leafVoid', { serial, book: title });
  if (leaf.state === 'used' && leaf.cheque !== self)
    throw refuse(c.lang, 'number', 'leafUsed', { serial, book: title });
  const before = docStateOf(c.before);
  const after = docStateOf(values);
  if (self !== null && before === 'draft' && after === 'final') {
    // one conditional update: two cheques finalised at once never take the same leaf
    const taken = await db(c)
      .updateTable(LEAVES)
      .set({ state: 'used', cheque: self })
      .where('id', '=', leaf.id)
      .where('state', '=', 'unused')
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1)
      throw refuse(c.lang, 'number', 'leafUsed', { serial, book: title });
    await countUsed(c, book);
  }
  if (self !== null && before === 'final' && after === 'cancelled') {
    const reason = t(c.lang, 'treasury.leafVoidedWithCheque', { reason: String(values.cancelReason ?? '') });
    await db(c)
      .updateTable(LEAVES)
      .set({ state: 'void', voidReason: reason.slice(0, 200) })
      .where('id', '=', leaf.id)
      .execute();
    await countUsed(c, book);
  }
}

export const chequeRule: EntityRule = {
  name: 'chequeLeaves',
  async run(c) {
    const values = c.values;
    if (!values) return values;
    if (values.direction === 'issued') await issuedLeaf(c, values);
    // a final cheque's bank account is the one it was deposited to (its vouchers name it)
    const before = c.before;
    if (
      before &&
      docStateOf(before) === 'final' &&
      before.status !== 'inHand' &&
      asId(before.bankAccount) !== asId(values.bankAccount)
    )
      throw refuse(c.lang, 'bankAccount', 'bankAccountFixed');
    return values;
  },
};

/** The leaves of a new book: `leafCount` numbers from `firstSerial`, unused. */
function generatedLeaves(values: Row): Row[] {
  const first = Number(values.firstSerial);
  const count = Number(values.leafCount);
  if (!Number.isInteger(first) || !Number.isInteger(count) || count < 1) return [];
  return Array.from({ length: Math.min(count, 200) }, (_, i) => ({
    serial: String(first + i),
    state: 'unused',
  }));
}

export const chequeBookRule: EntityRule = {
  name: 'chequeBookLeaves',
  async run(c) {
    const values = c.values;
    if (!values) return values;
    const lines = c.lines.leaves;
    if (!c.before) {
      // a new book: its leaves numbered from the first serial, unless given; none used yet
      if (!lines || lines.length === 0) c.lines.leaves = generatedLeaves(values);
      const problems = (c.lines.leaves ?? []).flatMap((l, i) =>
        l.state === 'used' || l.cheque
          ? [cellMessage(c.lang, 'leaves', i, 'state', 'treasury.leafNotYours')]
          : [],
      );
      if (problems.length) throw invalid([], problems);
      return { ...values, usedLeaves: (c.lines.leaves ?? []).filter((l) => l.state === 'void').length };
    }
    if (!lines) return values;
    const stored = (await db(c)
      .selectFrom(LEAVES)
      .select(['serial', 'state', 'cheque', 'voidReason'])
      .where('parent_id', '=', Number(c.before.id))
      .execute()) as Record<string, unknown>[];
    const bySerial = new Map(stored.map((r) => [String(r.serial), r]));
    const problems = [];
    const kept = new Set<string>();
    for (const [i, leaf] of lines.entries()) {
      const was = bySerial.get(String(leaf.serial));
      kept.add(String(leaf.serial));
      if (was && (was.state === 'used' || was.state === 'void')) {
        // the server's: a used leaf names its cheque, a void one keeps its reason
        leaf.state = was.state;
        leaf.cheque = asId(was.cheque);
        leaf.voidReason = was.voidReason ?? undefined;
        continue;
      }
      if (leaf.state === 'used' || leaf.cheque)
        problems.push(cellMessage(c.lang, 'leaves', i, 'state', 'treasury.leafNotYours'));
    }
    for (const r of stored)
      if (r.state === 'used' && !kept.has(String(r.serial)))
        throw invalid([
          fieldMessage(c.lang, 'leaves', 'treasury.leafUsedRemoved', { serial: String(r.serial) }),
        ]);
    if (problems.length) throw invalid([], problems);
    const used = lines.filter((l) => l.state !== 'unused').length;
    return { ...values, usedLeaves: used };
  },
};
