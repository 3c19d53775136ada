/**
 * What a document's lifecycle does beyond its state (#23), on SQLite and PostgreSQL:
 * - the write pipeline's effects step (server/entities/write/steps/effects.ts): an effect registered
 *   for an entity runs `onFinalise` when a document is finalised and `onCancel` when it is
 *   cancelled, inside the write's transaction with the stored row and lines; an effect that refuses
 *   (HttpError) rolls the whole finalise back: the document stays a draft and spends no number;
 * - `lifecycle.attachmentsWhenFinal` (server/attachments/links.ts): by default a final document's
 *   attachments still change; `false` answers 417 on the attachments field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { AttachmentInfo } from '../../runtime/shared/attachments';
import type { EntityDefinition, EntityRow } from '../../runtime/shared/definition';
import { readLines } from '../../server/entities/lines';
import type { Lines } from '../../server/entities/document';
import { businessError } from '../../server/entities/document';
import {
  registerEffect,
  registeredEffects,
  unregisterEffect,
} from '../../server/entities/write/steps/effects';
import type { WriteState } from '../../server/entities/write/state';
import { t } from '../../server/i18n';
import { DIALECTS, call, freshDatabase, makeApp, signIn, type TestDb } from './helpers';

type Doc = EntityRow & { lines?: Record<string, unknown>[] };

const EFFECT = 'test.lifecycleEffects';
const REFUSAL = 'اثر آزمایشی این سند را نمی‌پذیرد.';

/** A document type with a lifecycle, a number given on finalise, lines and an attachments field. */
function document(name: string, lifecycle: EntityDefinition['lifecycle']): EntityDefinition {
  return {
    name,
    module: 'common',
    title: { fa: 'سند آزمایشی', en: 'Test document' },
    displayField: 'title',
    lifecycle,
    period: { field: 'date' },
    numbering: { field: 'number', pattern: 'EF-{year}-{counter:3}', on: 'finalise' },
    schema: {
      type: 'object',
      properties: {
        number: { type: 'string', maxLength: 20 },
        title: { type: 'string', minLength: 1, maxLength: 100 },
        date: { type: 'string', format: 'date' },
        files: { type: 'string', maxLength: 400, pattern: '^[0-9]+(,[0-9]+)*$' },
      },
      required: ['title', 'date'],
    },
    fields: {
      number: { label: { fa: 'شماره' } },
      title: { label: { fa: 'عنوان' } },
      date: { label: { fa: 'تاریخ' } },
      files: { label: { fa: 'پیوست‌ها' }, kind: 'attachments' },
    },
    children: {
      lines: {
        label: { fa: 'اقلام' },
        schema: {
          type: 'object',
          properties: { what: { type: 'string', maxLength: 100 }, amount: { type: 'integer', minimum: 0 } },
          required: ['what', 'amount'],
        },
        fields: { what: { label: { fa: 'شرح' } }, amount: { label: { fa: 'مبلغ' }, money: true } },
      },
    },
    list: { columns: ['number', 'title', 'date'] },
  };
}

/** What an effect saw, read inside the write's transaction. */
interface Seen {
  transition: 'finalise' | 'cancel';
  row: Record<string, unknown> | null;
  lines: Lines;
  /** The row as stored in the transaction (its state and number). */
  stored: Record<string, unknown> | undefined;
  /** Its lines as stored in the transaction. */
  storedLines: Lines;
}

/** What the effect sees of a write, with the row and lines read back in its transaction. */
async function observe(transition: Seen['transition'], w: WriteState): Promise<Seen> {
  const id = Number(w.row?.id);
  const stored = (await w.db
    .selectFrom(w.entity.table)
    .select(['docState', 'number'])
    .where('id', '=', id)
    .executeTakeFirst()) as Record<string, unknown> | undefined;
  return { transition, row: w.row, lines: w.lines, stored, storedLines: await readLines(w.db, w.entity, id) };
}

describe.each(DIALECTS)('lifecycle effects and attachments on %s', (dialect) => {
  let db: TestDb;
  let app: FastifyInstance;
  let analyst = '';
  const seen: Seen[] = [];

  const api = (entity: string, action: string, body: unknown) =>
    call<Doc>(app, `Common/${entity}/${action}`, analyst, body);
  const upload = (entity: string, content: string) =>
    app.inject({
      method: 'POST',
      url: `/api/Attachments/Upload/Common/${entity}/files`,
      headers: {
        'content-type': 'application/octet-stream',
        authorization: `Bearer ${analyst}`,
        'x-file-name': encodeURIComponent('رسید.pdf'),
        'x-file-type': 'application/pdf',
      },
      payload: Buffer.from(content),
    });

  beforeAll(async () => {
    db = await freshDatabase(dialect);
    app = await makeApp(db.url);
    analyst = (await signIn(app, 'analyst')).access_token;
    for (const def of [
      document('effectDoc', {}),
      document('filedDoc', {}),
      document('sealedDoc', { attachmentsWhenFinal: false }),
    ]) {
      const pub = await call(app, 'SystemConfig/Designer/Publish', analyst, { definition: def });
      expect(pub.status, JSON.stringify(pub.body)).toBe(200);
    }
    registerEffect({
      name: EFFECT,
      entities: ['common.effectDoc'],
      async onFinalise(w) {
        seen.push(await observe('finalise', w));
        if (w.row?.title === 'رد شود') throw businessError([REFUSAL]);
      },
      async onCancel(w) {
        seen.push(await observe('cancel', w));
      },
    });
  }, 180_000);
  afterAll(async () => {
    // the effect is this file's: no later write (another file in this process) runs it
    expect(unregisterEffect(EFFECT)).toBe(true);
    expect(registeredEffects().some((e) => e.name === EFFECT)).toBe(false);
    await app?.close();
    db?.cleanup();
  });

  it('runs onFinalise on Finalise and onCancel on Cancel, with the stored row and lines', async () => {
    seen.length = 0;
    const lines = [
      { what: 'کاغذ', amount: 1_200_000 },
      { what: 'جوهر', amount: 800_000 },
    ];
    const draft = await api('EffectDoc', 'Create', {
      values: { title: 'خرید لوازم', date: '2026-07-01', lines },
    });
    expect(draft.status, JSON.stringify(draft.body)).toBe(200);
    // an ordinary write is no transition: no effect runs
    const edited = await api('EffectDoc', 'Update', {
      id: draft.body.Data.id,
      version: draft.body.Data.version,
      values: { title: 'خرید لوازم اداری', date: '2026-07-01', lines },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(seen).toEqual([]);

    const final = await api('EffectDoc', 'Finalise', {
      id: draft.body.Data.id,
      version: edited.body.Data.version,
    });
    expect(final.status, JSON.stringify(final.body)).toBe(200);
    expect(final.body.Data.number).toBe('EF-1405-001');
    const strip = (ls: Record<string, unknown>[] = []) => ls.map((l) => ({ what: l.what, amount: l.amount }));
    expect(seen).toHaveLength(1);
    const [fin] = seen;
    expect(fin!.transition).toBe('finalise');
    expect(fin!.row).toMatchObject({
      id: draft.body.Data.id,
      docState: 'final',
      number: 'EF-1405-001',
      title: 'خرید لوازم اداری',
    });
    expect(fin!.stored).toEqual({ docState: 'final', number: 'EF-1405-001' });
    expect(strip(fin!.lines.lines)).toEqual(lines);
    expect(strip(fin!.storedLines.lines)).toEqual(lines);

    const cancelled = await api('EffectDoc', 'Cancel', {
      id: final.body.Data.id,
      version: final.body.Data.version,
      reason: 'خرید انجام نشد',
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(seen).toHaveLength(2);
    const cancel = seen[1]!;
    expect(cancel.transition).toBe('cancel');
    expect(cancel.row).toMatchObject({ docState: 'cancelled', cancelReason: 'خرید انجام نشد' });
    expect(cancel.stored).toEqual({ docState: 'cancelled', number: 'EF-1405-001' });
    expect(strip(cancel.storedLines.lines)).toEqual(lines);
  });

  it('runs only for the entities it names', async () => {
    seen.length = 0;
    const draft = await api('FiledDoc', 'Create', { values: { title: 'دیگر', date: '2026-07-02' } });
    const final = await api('FiledDoc', 'Finalise', {
      id: draft.body.Data.id,
      version: draft.body.Data.version,
    });
    expect(final.status).toBe(200);
    expect(seen).toEqual([]);
  });

  it('an effect that refuses rolls the whole finalise back: still a draft, no number spent', async () => {
    seen.length = 0;
    const draft = await api('EffectDoc', 'Create', {
      values: { title: 'رد شود', date: '2026-07-03', lines: [{ what: 'میز', amount: 5_000_000 }] },
    });
    expect(draft.status).toBe(200);
    const refused = await api('EffectDoc', 'Finalise', {
      id: draft.body.Data.id,
      version: draft.body.Data.version,
    });
    expect(refused.status).toBe(417);
    expect((refused.body.Data as { BusinessErrors?: string[] }).BusinessErrors).toEqual([REFUSAL]);
    // the effect saw the document final and numbered inside the transaction that then rolled back
    expect(seen.map((s) => s.stored)).toEqual([{ docState: 'final', number: 'EF-1405-002' }]);
    const after = await api('EffectDoc', 'Get', { id: draft.body.Data.id });
    expect(after.body.Data).toMatchObject({ docState: 'draft', version: draft.body.Data.version });
    expect(after.body.Data.number).toBeUndefined();
    expect(after.body.Data.lines).toEqual([expect.objectContaining({ what: 'میز', amount: 5_000_000 })]);
    // the number the refused finalise took is given back: the next document gets it
    const other = await api('EffectDoc', 'Create', { values: { title: 'پذیرفته', date: '2026-07-04' } });
    const final = await api('EffectDoc', 'Finalise', {
      id: other.body.Data.id,
      version: other.body.Data.version,
    });
    expect(final.status, JSON.stringify(final.body)).toBe(200);
    expect(final.body.Data.number).toBe('EF-1405-002');
  });

  /** A final document of `entity` and a new upload for it; the Update that names the upload. */
  async function attachToFinal(entity: string) {
    const draft = await api(entity, 'Create', { values: { title: 'با پیوست', date: '2026-07-05' } });
    const final = await api(entity, 'Finalise', { id: draft.body.Data.id, version: draft.body.Data.version });
    expect(final.status, JSON.stringify(final.body)).toBe(200);
    const file = await upload(entity, `پیوست ${entity}`);
    expect(file.statusCode).toBe(200);
    const info = file.json().Data as AttachmentInfo;
    const doc = final.body.Data;
    return api(entity, 'Update', {
      id: doc.id,
      version: doc.version,
      values: { title: doc.title, date: doc.date, files: String(info.id) },
    });
  }

  it('attachments of a final document change by default (attachmentsWhenFinal absent)', async () => {
    const saved = await attachToFinal('FiledDoc');
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.Data.docState).toBe('final');
    expect(saved.body.Data.files).toMatch(/^[0-9]+$/);
    // and are taken off again
    const doc = saved.body.Data;
    const removed = await api('FiledDoc', 'Update', {
      id: doc.id,
      version: doc.version,
      values: { title: doc.title, date: doc.date },
    });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body.Data.files).toBeUndefined();
  });

  it('attachmentsWhenFinal: false keeps a final document’s attachments: 417 on the field', async () => {
    const frozen = [
      expect.objectContaining({
        FieldName: 'files',
        Message: t('fa', 'docLifecycle.attachmentsFinal', { state: 'قطعی' }),
      }),
    ];
    const added = await attachToFinal('SealedDoc');
    expect(added.status).toBe(417);
    expect(added.body.ServerMessageTexts).toEqual(frozen);
    // a draft's attachments change freely; once final they are neither added to nor taken off
    const draft = await api('SealedDoc', 'Create', { values: { title: 'پیش‌نویس', date: '2026-07-06' } });
    const file = (await upload('SealedDoc', 'پیوست پیش‌نویس')).json().Data as AttachmentInfo;
    const saved = await api('SealedDoc', 'Update', {
      id: draft.body.Data.id,
      version: draft.body.Data.version,
      values: { title: 'پیش‌نویس', date: '2026-07-06', files: String(file.id) },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.Data.files).toBe(String(file.id));
    const final = await api('SealedDoc', 'Finalise', {
      id: saved.body.Data.id,
      version: saved.body.Data.version,
    });
    expect(final.status, JSON.stringify(final.body)).toBe(200);
    const removed = await api('SealedDoc', 'Update', {
      id: final.body.Data.id,
      version: final.body.Data.version,
      values: { title: 'پیش‌نویس', date: '2026-07-06' },
    });
    expect(removed.status).toBe(417);
    expect(removed.body.ServerMessageTexts).toEqual(frozen);
    const kept = await api('SealedDoc', 'Get', { id: final.body.Data.id });
    expect(kept.body.Data).toMatchObject({ files: String(file.id), version: final.body.Data.version });
  });
});
