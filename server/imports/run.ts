/**
 * Import jobs (docs/import.md): the checked file is kept in `import_jobs` with its mapping and mode,
 * and written in the background, record by record through the generic write path (write.ts). Each
 * record's sheet row is recorded in `import_job_rows` in the SAME transaction as the record, so a
 * job started again (after a restart of the server, or by asking its status) skips exactly the rows
 * already written and never writes one twice. Progress (written, failed, the first problems) is
 * kept in the job row after every batch, for the wizard's progress bar. A job cancelled (by its owner
 * or an admin) stops before its next batch; a finished job's file and committed rows are dropped
 * after IMPORT_KEEP_DAYS (its counts and problems stay). The process writing a job holds its lease
 * (LEASE_MS, renewed before every batch): another process of a cluster, asked the job's status,
 * starts it only once the lease ran out, so a job never runs in two processes.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Lang } from '../../runtime/shared/definition';
import {
  IMPORT_KEEP_DAYS,
  IMPORT_MAX_ERRORS,
  type ImportCellError,
  type ImportJobAnswer,
  type ImportLineMappings,
  type ImportMapping,
  type ImportMode,
  type ImportStatus,
} from '../../runtime/shared/imports';
import type { AppContext, CurrentUser } from '../context';
import type { Entity } from '../definitions/registry';
import type { Untyped } from '../db/untyped';
import { forbidden } from '../http/errors';
import { fieldModes } from '../security/fieldAccess';
import { LookupResolver } from './convert';
import { sourceDocs, type SourceDoc } from './documents';
import { importFields } from './fields';
import { JOB_ROWS_TABLE, JOBS_TABLE } from './migration';
import { readSource } from './readFile';
import { writeDoc, type WriteOptions } from './write';

/**
 * Records written at once: on SQLite they share a commit (db/writeBatch.ts MAX_BATCH, each in its
 * savepoint), so a batch is one fsync; on PostgreSQL each is its own transaction on the pool.
 */
export const IMPORT_BATCH = 64;

export interface JobInput {
  entity: Entity;
  user: CurrentUser;
  lang: Lang;
  fileName: string;
  data: Buffer;
  mapping: ImportMapping;
  /** The lines sheets' mappings (the two-sheet form); absent or empty: none. */
  lineMappings?: ImportLineMappings;
  mode: ImportMode;
  keyField?: string;
}

/**
 * The `mapping` column: the first sheet's mapping as it is, or, with lines sheets,
 * `{ mapping, lineMappings }` (a mapping's own keys are column numbers, so the two never mix).
 */
function storedMapping(input: JobInput): string {
  const lines = input.lineMappings ?? {};
  return JSON.stringify(
    Object.keys(lines).length ? { mapping: input.mapping, lineMappings: lines } : input.mapping,
  );
}

function readMapping(text: string): { mapping: ImportMapping; lineMappings: ImportLineMappings } {
  const parsed = JSON.parse(text) as Record<string, unknown>;
  if (typeof parsed.mapping === 'object' && parsed.mapping !== null)
    return {
      mapping: parsed.mapping as ImportMapping,
      lineMappings: (parsed.lineMappings ?? {}) as ImportLineMappings,
    };
  return { mapping: parsed as ImportMapping, lineMappings: {} };
}

interface JobRow {
  id: string;
  entity: string;
  user_id: unknown;
  mode: string;
  key_field: string | null;
  mapping: string;
  file_name: string;
  content: string;
  lang: string;
  status: string;
  total: unknown;
  written: unknown;
  failed: unknown;
  errors: string;
  created_at: string;
  updated_at: string;
}

/** Jobs this process is running now: a `running` job not here was cut short and is resumed. */
const active = new Map<string, Promise<void>>();

/** A job's lease lasts this long unrenewed: a job of a process that stopped resumes after it. */
const LEASE_MS = 30_000;
/** This process as the holder of leases. */
const OWNER = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

const db = (ctx: AppContext) => ctx.db as unknown as Untyped;
const now = () => new Date().toISOString();

/**
 * Stores the job (its file checked already) and starts it; answers its id. `docs`: the records the
 * request read from the file already (its check), so the job does not read the file again.
 */
export async function startJob(
  ctx: AppContext,
  input: JobInput,
  total: number,
  docs?: SourceDoc[],
): Promise<string> {
  await cleanupJobs(ctx);
  const id = await createJob(ctx, input, total);
  void resumeJob(ctx, id, docs);
  return id;
}

/** Stores the job, `running` and not yet started (runJob or resumeJob start it). */
export async function createJob(ctx: AppContext, input: JobInput, total: number): Promise<string> {
  const id = randomUUID();
  const at = now();
  await db(ctx)
    .insertInto(JOBS_TABLE)
    .values({
      id,
      entity: input.entity.key,
      user_id: input.user.id,
      mode: input.mode,
      key_field: input.keyField ?? null,
      mapping: storedMapping(input),
      file_name: input.fileName,
      content: input.data.toString('base64'),
      lang: input.lang,
      status: 'running',
      total,
      written: 0,
      failed: 0,
      errors: '[]',
      created_at: at,
      updated_at: at,
    })
    .execute();
  return id;
}

/** Runs the job in the background unless this process runs it already. */
export function resumeJob(ctx: AppContext, id: string, docs?: SourceDoc[]): Promise<void> {
  let running = active.get(id);
  if (!running) {
    running = runJob(ctx, id, Infinity, docs)
      .catch(async (e: unknown) => {
        // the job stops; its rows written so far stay (each with its committed record)
        const message = e instanceof Error ? e.message : String(e);
        await db(ctx)
          .updateTable(JOBS_TABLE)
          .set({
            status: 'failed',
            errors: JSON.stringify([{ row: 0, field: '', message }]),
            updated_at: now(),
          })
          .where('id', '=', id)
          .execute();
      })
      .finally(() => active.delete(id));
    active.set(id, running);
  }
  return running;
}

async function loadUser(ctx: AppContext, id: number): Promise<CurrentUser | null> {
  const row = await ctx.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row || row.disabled) return null;
  return {
    id: Number(row.id),
    username: row.username,
    displayName: row.display_name,
    role: row.role,
    isVendor: Boolean(row.is_vendor),
    isCustomer: Boolean(row.is_customer),
    partyId: row.party_id === null ? null : Number(row.party_id),
    pwdChange: false,
  };
}

/** Takes or renews the lease of a running job; false while another process holds it. */
async function takeLease(ctx: AppContext, id: string): Promise<boolean> {
  const at = Date.now();
  const taken = await db(ctx)
    .updateTable(JOBS_TABLE)
    .set({ lease_owner: OWNER, lease_until: at + LEASE_MS })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .where((eb) => eb.or([eb('lease_until', '<', at), eb('lease_owner', '=', OWNER)]))
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}

/**
 * Writes the job's records not yet committed, unless another process holds its lease. `stopAfter`
 * (tests) stops after that many batches, leaving the job `running` as a crash would. `read`: the
 * file's records as its request read them (a job resumed later reads its stored file again).
 */
export async function runJob(
  ctx: AppContext,
  id: string,
  stopAfter = Infinity,
  read?: SourceDoc[],
): Promise<void> {
  const job = (await db(ctx).selectFrom(JOBS_TABLE).selectAll().where('id', '=', id).executeTakeFirst()) as
    JobRow | undefined;
  if (!job || job.status !== 'running' || !(await takeLease(ctx, id))) return;
  const entity = ctx.registry.byEntityKey(job.entity);
  const user = await loadUser(ctx, Number(job.user_id));
  const lang: Lang = job.lang === 'en' ? 'en' : 'fa';
  if (!entity || !user) {
    await db(ctx)
      .updateTable(JOBS_TABLE)
      .set({ status: 'failed', updated_at: now() })
      .where('id', '=', id)
      .execute();
    return;
  }
  const modes = await fieldModes(ctx, user, entity);
  const fields = await importFields(ctx, user, entity, modes);
  const { mapping, lineMappings } = readMapping(job.mapping);
  const docs =
    read ??
    (await sourceDocs(
      await readSource(Buffer.from(job.content, 'base64'), lang),
      mapping,
      lineMappings,
      fields,
      new LookupResolver(ctx, user),
    ));
  const committed = new Set(
    (
      (await db(ctx).selectFrom(JOB_ROWS_TABLE).select('source_row').where('job_id', '=', id).execute()) as {
        source_row: unknown;
      }[]
    ).map((r) => Number(r.source_row)),
  );
  const options: WriteOptions = {
    ctx,
    entity,
    user,
    lang,
    mode: job.mode as ImportMode,
    ...(job.key_field ? { keyField: job.key_field } : {}),
    modes,
  };
  let written = committed.size;
  let failed = 0;
  const errors: ImportCellError[] = [];
  // orphan lines (a lines sheet's row) never commit: their row numbers are another sheet's
  const todo = docs.filter((d) => d.orphan || !committed.has(d.row));
  let batches = 0;
  for (let at = 0; at < todo.length; at += IMPORT_BATCH) {
    if (batches++ >= stopAfter) return;
    // the lease renewed; refused when the job was cancelled (by this or another process: the rows
    // written so far stay) or the lease was lost (this process stalled past it and another took it)
    if (!(await takeLease(ctx, id))) return;
    const results = await Promise.all(
      todo.slice(at, at + IMPORT_BATCH).map((doc) =>
        writeDoc(options, doc, (trx, recordId) =>
          trx
            .insertInto(JOB_ROWS_TABLE)
            .values({ job_id: id, source_row: doc.row, record_id: recordId })
            .execute()
            .then(() => undefined),
        ),
      ),
    );
    for (const problems of results) {
      if (problems.length === 0) written++;
      else {
        failed++;
        errors.push(...problems.slice(0, Math.max(0, IMPORT_MAX_ERRORS - errors.length)));
      }
    }
    await db(ctx)
      .updateTable(JOBS_TABLE)
      .set({ written, failed, errors: JSON.stringify(errors), updated_at: now() })
      .where('id', '=', id)
      .execute();
  }
  // a cancel that came during the last batch keeps the job cancelled
  await db(ctx)
    .updateTable(JOBS_TABLE)
    .where('status', '=', 'running')
    .set({
      status: 'done',
      total: docs.length,
      written,
      failed,
      errors: JSON.stringify(errors),
      updated_at: now(),
    })
    .where('id', '=', id)
    .execute();
}

function answer(row: JobRow): ImportJobAnswer {
  return {
    id: row.id,
    entity: row.entity,
    mode: row.mode as ImportMode,
    status: row.status as ImportStatus,
    total: Number(row.total),
    written: Number(row.written),
    failed: Number(row.failed),
    errors: JSON.parse(row.errors) as ImportCellError[],
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const JOB_COLUMNS = [
  'id',
  'entity',
  'user_id',
  'mode',
  'status',
  'total',
  'written',
  'failed',
  'errors',
  'created_at',
  'updated_at',
] as const;

/** An admin reads and cancels any job by id; everyone else only their own. */
const isAdmin = (user: CurrentUser) => user.role === 'admin';

/**
 * The user's job `id` (null when it is not theirs, unless the user is an admin), or their latest
 * job of `entity`; a job left `running` by a process that stopped is started again.
 */
export async function jobStatus(
  ctx: AppContext,
  user: CurrentUser,
  which: { id: string } | { entity: string },
): Promise<ImportJobAnswer | null> {
  let q = db(ctx)
    .selectFrom(JOBS_TABLE)
    .select([...JOB_COLUMNS]);
  if (!('id' in which && isAdmin(user))) q = q.where('user_id', '=', user.id);
  q =
    'id' in which
      ? q.where('id', '=', which.id)
      : q.where('entity', '=', which.entity).orderBy('created_at', 'desc');
  const row = (await q.limit(1).executeTakeFirst()) as JobRow | undefined;
  if (!row) return null;
  if (row.status === 'running' && !active.has(row.id)) void resumeJob(ctx, row.id);
  return answer(row);
}

/** Jobs left running when the server stopped, started again (at start-up). */
export async function resumeJobs(ctx: AppContext): Promise<void> {
  const rows = (await db(ctx)
    .selectFrom(JOBS_TABLE)
    .select('id')
    .where('status', '=', 'running')
    .execute()) as {
    id: string;
  }[];
  for (const r of rows) void resumeJob(ctx, r.id);
}

/**
 * Cancels a running job: its owner or an admin (anyone else: 403, as for a job that does not
 * exist, so a job id tells nothing). Answers the job as it is now (cancelled, or already ended).
 */
export async function cancelJob(ctx: AppContext, user: CurrentUser, id: string): Promise<ImportJobAnswer> {
  const row = (await db(ctx)
    .selectFrom(JOBS_TABLE)
    .select(['user_id'])
    .where('id', '=', id)
    .executeTakeFirst()) as { user_id: unknown } | undefined;
  if (!row || (Number(row.user_id) !== user.id && !isAdmin(user))) throw forbidden();
  await db(ctx)
    .updateTable(JOBS_TABLE)
    .set({ status: 'cancelled', updated_at: now() })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .execute();
  await active.get(id);
  const job = (await db(ctx)
    .selectFrom(JOBS_TABLE)
    .select([...JOB_COLUMNS])
    .where('id', '=', id)
    .executeTakeFirst()) as JobRow;
  return answer(job);
}

/**
 * Drops the file and the committed rows of jobs finished more than IMPORT_KEEP_DAYS ago (`at`: now);
 * the job's counts and problems stay for its history.
 */
export async function cleanupJobs(ctx: AppContext, at = new Date()): Promise<void> {
  const before = new Date(at.getTime() - IMPORT_KEEP_DAYS * 86_400_000).toISOString();
  const old = db(ctx)
    .selectFrom(JOBS_TABLE)
    .select('id')
    .where('status', '!=', 'running')
    .where('updated_at', '<', before);
  await db(ctx).deleteFrom(JOB_ROWS_TABLE).where('job_id', 'in', old).execute();
  await db(ctx)
    .updateTable(JOBS_TABLE)
    .set({ content: '' })
    .where('status', '!=', 'running')
    .where('updated_at', '<', before)
    .where('content', '!=', '')
    .execute();
}
