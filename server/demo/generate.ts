/**
 * Scales an entity to N rows from its definition: values by type, format, enum and lookup
 * (generateValues.ts), multi-row inserts in batches, one transaction per chunk. Used by
 * `npm run generate -- <module.name> <count>` (generateCli.ts) and by the benches.
 * Generated rows are not audited (a bulk load, not a user's write); computed fields are not derived.
 */
import { sql, type Kysely } from 'kysely';
import { kindOf } from '../../runtime/shared/fieldKind';
import type { Registry, ChildEntity, Entity } from '../definitions/registry';
import { forgetCounts } from '../entities/countCache';
import { toColumns, type Row } from '../entities/rows';
import { fieldValue, rng, type Rand, type ValueSlot } from './generateValues';
import type { Dialect, SystemTables } from '../db/types';
import type { Untyped } from '../db/untyped';

export interface GenerateContext {
  db: Kysely<SystemTables>;
  dialect: Dialect;
  registry: Registry;
}

export interface GenerateOptions {
  /** Seed of the value generator (default: from the clock). */
  seed?: number;
  /** Rows per transaction (default 20,000). */
  chunk?: number;
  /** Validate every row with the definition's validator first (as an import does); default false. */
  validate?: boolean;
  /** Lines per document for each child table (default: its minItems, at least 1 when required). */
  linesPerDocument?: number;
  onProgress?: (done: number, total: number) => void;
}

export interface GenerateResult {
  inserted: number;
  ms: number;
}

/** Most bind parameters in one statement, below SQLite's 32,766 and PostgreSQL's 65,535. */
const MAX_PARAMS = 30_000;
/** At most this many ids of a lookup target are sampled. */
const LOOKUP_SAMPLE = 10_000;

async function lookupIds(ctx: GenerateContext, key: string, depth: number): Promise<number[]> {
  const target = ctx.registry.byEntityKey(key);
  if (!target) return [];
  const read = async () =>
    (
      await (ctx.db as unknown as Untyped)
        .selectFrom(target.table)
        .select('id')
        .limit(LOOKUP_SAMPLE)
        .execute()
    ).map((r) => Number((r as { id: unknown }).id));
  let ids = await read();
  // a lookup to an empty entity: give it some rows first (not beyond two levels)
  if (ids.length === 0 && depth < 2) {
    await generate(ctx, key, 1000, { seed: 1405 }, depth + 1);
    ids = await read();
  }
  return ids;
}

async function slotsOf(
  ctx: GenerateContext,
  def: Entity['def'] | ChildEntity['def'],
  displayField: string | undefined,
  depth: number,
): Promise<ValueSlot[]> {
  const slots: ValueSlot[] = [];
  for (const [name, field] of Object.entries(def.schema.properties)) {
    const meta = def.fields[name];
    const slot: ValueSlot = { name, kind: kindOf(def, name), field, meta, displayField };
    if (meta?.lookup) slot.lookupIds = await lookupIds(ctx, meta.lookup.entity, depth);
    slots.push(slot);
  }
  return slots;
}

function makeRow(slots: ValueSlot[], required: Set<string>, r: Rand, row: number, tag: string): Row {
  const out: Row = {};
  for (const slot of slots) {
    // optional fields are left empty now and then, as in real data
    if (!required.has(slot.name) && !slot.meta?.unique && r() < 0.05) continue;
    const v = fieldValue(slot, r, row, tag);
    if (v !== null) out[slot.name] = v;
  }
  return out;
}

/** Ajv's first error of a generated row, for a clear message when the generator falls short. */
function invalidRow(validate: Entity['validate'], row: Row): string | null {
  if (validate(row)) return null;
  const e = validate.errors?.[0];
  return `${e?.instancePath || '/'} ${e?.message ?? ''} in ${JSON.stringify(row)}`;
}

export async function generateRows(
  ctx: GenerateContext,
  key: string,
  count: number,
  options: GenerateOptions = {},
): Promise<GenerateResult> {
  return generate(ctx, key, count, options, 0);
}

async function generate(
  ctx: GenerateContext,
  key: string,
  count: number,
  options: GenerateOptions,
  depth: number,
): Promise<GenerateResult> {
  const entity = ctx.registry.byEntityKey(key);
  if (!entity) throw new Error(`Unknown entity ${key} (expected module.name, e.g. sales.customer)`);
  const started = performance.now();
  const seed = options.seed ?? Date.now();
  const r = rng(seed);
  const tag = `G${(seed % 36 ** 5).toString(36).toUpperCase()}`;
  const slots = await slotsOf(ctx, entity.def, entity.def.displayField, depth);
  const required = new Set(entity.def.schema.required ?? []);
  const children = await Promise.all(
    entity.children.map(async (child) => ({
      child,
      slots: await slotsOf(ctx, child.def, undefined, depth),
      required: new Set(child.def.schema.required ?? []),
      lines: options.linesPerDocument ?? Math.max(child.def.minItems ?? 0, 0),
    })),
  );
  const columns = slots.length + 5;
  const batch = Math.max(1, Math.min(1000, Math.floor(MAX_PARAMS / columns)));
  const chunk = Math.max(batch, options.chunk ?? 20_000);
  const db = ctx.db as unknown as Untyped;
  let done = 0;
  while (done < count) {
    const inChunk = Math.min(chunk, count - done);
    await db.transaction().execute(async (trx) => {
      for (let offset = 0; offset < inChunk; offset += batch) {
        const n = Math.min(batch, inChunk - offset);
        const now = new Date().toISOString();
        const rows: Row[] = [];
        for (let i = 0; i < n; i++) {
          const values = makeRow(slots, required, r, done + offset + i + 1, tag);
          if (options.validate || done + offset + i < 100) {
            const problem = invalidRow(entity.validate, values);
            if (problem) throw new Error(`Generated an invalid ${key} row: ${problem}`);
          }
          rows.push({
            ...toColumns(entity, values, ctx.dialect),
            version: 1,
            created_at: now,
            updated_at: now,
          });
        }
        const insert = trx.insertInto(entity.table).values(rows);
        if (children.every((c) => c.lines === 0)) {
          await insert.execute();
          continue;
        }
        const ids = (await insert.returning('id').execute()).map((x) => Number((x as { id: unknown }).id));
        for (const c of children) {
          if (c.lines === 0) continue;
          const lines: Row[] = [];
          for (const parentId of ids)
            for (let line = 0; line < c.lines; line++)
              lines.push({
                ...toColumns(c.child, makeRow(c.slots, c.required, r, parentId, tag), ctx.dialect),
                parent_id: parentId,
                line_no: line,
              });
          const perLine = c.slots.length + 2;
          const step = Math.max(1, Math.floor(MAX_PARAMS / perLine));
          for (let i = 0; i < lines.length; i += step)
            await trx
              .insertInto(c.child.table)
              .values(lines.slice(i, i + step))
              .execute();
        }
      }
    });
    done += inChunk;
    options.onProgress?.(done, count);
  }
  // fresh statistics, so the planner picks the new indexes at once
  await sql`analyze ${sql.table(entity.table)}`.execute(db);
  forgetCounts(entity.table);
  return { inserted: count, ms: performance.now() - started };
}
