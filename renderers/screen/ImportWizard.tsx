/**
 * «ورود از فایل» of the grid (docs/import.md), loaded on first use (lazyParts): the template to
 * download; a CSV or XLSX file to upload; its columns matched to fields (the server's automatic
 * match by label, changeable); the mode (insert, update or upsert by a key field); a preview with
 * each problem on its sheet row and field (nothing written); then the job, whose progress is asked
 * every second, and which may be stopped. A document type's file may have a lines sheet: each
 * sheet's columns are mapped, and problems name their sheet. The running job's id is kept in
 * sessionStorage (importJobKey): a reloaded page opens the wizard on it again (EntityScreen).
 * Figures in the language's digits.
 */
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  ProgressBar,
  Select,
  Text,
} from '@fluentui/react-components';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../runtime/http/ApiError';
import { api } from '../../runtime/http/pipeline';
import { localText, type EntityDefinition, type Lang } from '../../runtime/shared/definition';
import {
  IMPORT_DOC_KEY,
  IMPORT_FILE_MAX_BYTES,
  IMPORT_MODES,
  type ImportCellError,
  type ImportJobAnswer,
  type ImportLineMappings,
  type ImportMapping,
  type ImportMode,
  type ImportPreviewAnswer,
} from '../../runtime/shared/imports';
import { localDigits } from '../format';
import { downloadBlob } from './download';
import { ImportMappingTable } from './ImportMappingTable';
import { importJobKey } from './importJob';

export interface ImportWizardProps {
  definition: Pick<EntityDefinition, 'module' | 'name' | 'title'>;
  lang: Lang;
  /** Closes the wizard (the grid refreshes). */
  onClose: () => void;
}

/** A file's bytes as base64 (the call's body is JSON). */
async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

/** The messages of a refusal (a bad file, a key field not chosen). */
function refusal(err: unknown): string[] {
  if (!(err instanceof ApiError) || !err.envelope) return [];
  const env = err.envelope;
  return [...(env.ServerMessageTexts ?? []).map((m) => m.Message), ...(env.MessageTexts ?? [])].slice(0, 5);
}

type Step = 'start' | 'mapping' | 'preview' | 'job';
const QUIET = { silentExcept: [401, 403, 500, 503] } as const;

export function ImportWizard({ definition, lang, onClose }: ImportWizardProps) {
  const { t } = useTranslation();
  const entity = `${definition.module}.${definition.name}`;
  const n = (value: number) => localDigits(String(value), lang);
  const [step, setStep] = useState<Step>('start');
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);
  const [file, setFile] = useState<{ name: string; content: string } | null>(null);
  const [preview, setPreview] = useState<ImportPreviewAnswer | null>(null);
  const [mapping, setMapping] = useState<ImportMapping>({});
  const [lineMappings, setLineMappings] = useState<ImportLineMappings>({});
  const [mode, setMode] = useState<ImportMode>('insert');
  const [keyField, setKeyField] = useState('');
  const [job, setJob] = useState<ImportJobAnswer | null>(null);
  const input = useRef<HTMLInputElement>(null);

  // a job of this entity still running (the page was reloaded): show it
  useEffect(() => {
    const id = sessionStorage.getItem(importJobKey(entity));
    if (!id) return;
    void api
      .post<ImportJobAnswer | null>('Import/Status', { id }, QUIET)
      .then((found) => {
        if (found) {
          setJob(found);
          setStep('job');
        } else sessionStorage.removeItem(importJobKey(entity));
      })
      .catch(() => undefined);
  }, [entity]);

  // the running job's progress, every second
  const running = job?.status === 'running';
  useEffect(() => {
    if (!job) return;
    if (!running) {
      sessionStorage.removeItem(importJobKey(entity));
      return;
    }
    const timer = setTimeout(() => {
      void api
        .post<ImportJobAnswer | null>('Import/Status', { id: job.id }, QUIET)
        .then((next) => next && setJob(next))
        .catch(() => undefined);
    }, 1000);
    return () => clearTimeout(timer);
  }, [job, running, entity]);

  const call = async (path: 'Import/Preview' | 'Import/Run', extra: object) => {
    if (!file) return null;
    setBusy(true);
    setProblems([]);
    try {
      return await api.post<unknown>(
        path,
        { entity, fileName: file.name, content: file.content, mode, ...extra },
        QUIET,
      );
    } catch (err) {
      setProblems(refusal(err));
      return null;
    } finally {
      setBusy(false);
    }
  };

  const upload = async (chosen: File) => {
    setProblems([]);
    if (chosen.size > IMPORT_FILE_MAX_BYTES) {
      setProblems([t('import.tooLarge', { max: n(IMPORT_FILE_MAX_BYTES / (1024 * 1024)) })]);
      return;
    }
    const read = { name: chosen.name, content: await base64Of(chosen) };
    setFile(read);
    setBusy(true);
    try {
      const answer = await api.post<ImportPreviewAnswer>(
        'Import/Preview',
        { entity, fileName: read.name, content: read.content, mode: 'insert' },
        QUIET,
      );
      setPreview(answer);
      setMapping(answer.mapping);
      setLineMappings(answer.lineMappings);
      setStep('mapping');
    } catch (err) {
      setProblems(refusal(err));
    } finally {
      setBusy(false);
    }
  };

  const check = async () => {
    const answer = (await call('Import/Preview', {
      mapping,
      lineMappings,
      ...(mode === 'insert' ? {} : { keyField }),
    })) as ImportPreviewAnswer | null;
    if (!answer) return;
    setPreview(answer);
    setStep('preview');
  };

  const run = async () => {
    const started = (await call('Import/Run', {
      mapping,
      lineMappings,
      ...(mode === 'insert' ? {} : { keyField }),
    })) as ImportJobAnswer | null;
    if (!started) return;
    sessionStorage.setItem(importJobKey(entity), started.id);
    setJob(started);
    setStep('job');
  };

  const cancel = async () => {
    if (!job) return;
    setBusy(true);
    try {
      setJob(await api.post<ImportJobAnswer>('Import/Cancel', { id: job.id }, QUIET));
    } catch (err) {
      setProblems(refusal(err));
    } finally {
      setBusy(false);
    }
  };

  const template = async () => {
    const blob = await api
      .raw<Blob>('POST', 'Import/Template', { entity }, { responseType: 'blob' })
      .then((r) => r._data)
      .catch(() => undefined);
    if (blob) downloadBlob(blob, `${localText(definition.title, lang) || definition.name}.xlsx`);
  };

  const labelOf = (name: string) => preview?.fields.find((f) => f.name === name)?.label ?? name;
  const mapped = Object.values(mapping).filter((f) => f && !f.includes('.') && f !== IMPORT_DOC_KEY);
  const lineFields = preview?.fields.filter((f) => f.name === IMPORT_DOC_KEY || f.name.includes('.')) ?? [];
  // the later sheets a lines sheet can be: those with a header row, when the entity has lines
  const lineSheets = lineFields.length ? (preview?.sheets.filter((s) => s.headers.length > 0) ?? []) : [];
  const errorRows = (errors: ImportCellError[]) => {
    const sheets = errors.some((e) => e.sheet);
    return (
      <table data-import-errors="" style={{ borderCollapse: 'collapse', width: '100%' }}>
        <thead>
          <tr>
            {sheets && <th style={{ textAlign: 'start' }}>{t('importSheets.sheet')}</th>}
            <th style={{ textAlign: 'start' }}>{t('import.row')}</th>
            <th style={{ textAlign: 'start' }}>{t('import.field')}</th>
            <th style={{ textAlign: 'start' }}>{t('import.message')}</th>
          </tr>
        </thead>
        <tbody>
          {errors.slice(0, 100).map((e, i) => (
            <tr key={i} data-import-error={`${e.row}:${e.field}`} data-import-sheet={e.sheet}>
              {sheets && <td>{e.sheet}</td>}
              <td>{n(e.row)}</td>
              <td>{e.field ? labelOf(e.field) : ''}</td>
              {/* the answer came with Western digits (normalizeDeep): shown in the language's */}
              <td>{localDigits(e.message, lang)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  };

  const done = job ? job.written + job.failed : 0;
  return (
    <Dialog open modalType="modal" onOpenChange={(_, d) => !d.open && !busy && onClose()}>
      <DialogSurface
        dir={lang === 'fa' ? 'rtl' : 'ltr'}
        data-import-wizard={step}
        style={{ maxWidth: '860px' }}
      >
        <DialogBody>
          <DialogTitle>{t('import.title', { entity: localText(definition.title, lang) })}</DialogTitle>
          <DialogContent style={{ display: 'flex', flexDirection: 'column', gap: '12px', maxHeight: '65vh' }}>
            <Text weight="semibold">
              {t(`import.steps.${step === 'start' ? 'upload' : step === 'job' ? 'run' : step}`)}
            </Text>
            {step === 'start' && (
              <>
                <Text>{t('import.templateHint')}</Text>
                <div style={{ display: 'flex', gap: '8px', flexWrap: 'wrap' }}>
                  <Button data-import-template="" onClick={() => void template()}>
                    {t('import.downloadTemplate')}
                  </Button>
                  <Button appearance="primary" disabled={busy} onClick={() => input.current?.click()}>
                    {t('import.chooseFile')}
                  </Button>
                  <input
                    ref={input}
                    type="file"
                    hidden
                    data-import-file=""
                    accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                    onChange={(e) => {
                      const chosen = e.target.files?.[0];
                      e.target.value = '';
                      if (chosen) void upload(chosen);
                    }}
                  />
                </div>
              </>
            )}
            {step === 'mapping' && preview && (
              <>
                <ImportMappingTable
                  sheet={0}
                  {...(lineSheets.length
                    ? { title: t('importSheets.firstSheet', { name: preview.sheet }) }
                    : {})}
                  headers={preview.headers}
                  value={mapping}
                  fields={preview.fields}
                  onChange={setMapping}
                />
                {lineSheets.map((sheet) => (
                  <ImportMappingTable
                    key={sheet.index}
                    sheet={sheet.index}
                    title={t('importSheets.linesSheetTitle', { name: sheet.name })}
                    headers={sheet.headers}
                    value={lineMappings[String(sheet.index)] ?? {}}
                    fields={lineFields}
                    onChange={(next) => setLineMappings({ ...lineMappings, [String(sheet.index)]: next })}
                  />
                ))}
                <div style={{ display: 'flex', gap: '12px', flexWrap: 'wrap' }}>
                  <Field label={t('import.mode')}>
                    <Select
                      data-import-mode=""
                      value={mode}
                      onChange={(_, d) => setMode(d.value as ImportMode)}
                    >
                      {IMPORT_MODES.map((m) => (
                        <option key={m} value={m}>
                          {t(`import.modes.${m}`)}
                        </option>
                      ))}
                    </Select>
                  </Field>
                  {mode !== 'insert' && (
                    <Field label={t('import.keyField')}>
                      <Select data-import-key="" value={keyField} onChange={(_, d) => setKeyField(d.value)}>
                        <option value="" />
                        {mapped.map((f) => (
                          <option key={f} value={f}>
                            {labelOf(f)}
                          </option>
                        ))}
                      </Select>
                    </Field>
                  )}
                </div>
              </>
            )}
            {step === 'preview' && preview && (
              <>
                <Text data-import-summary="">
                  {t('import.summary', {
                    total: n(preview.total),
                    bad: n(preview.badRows),
                    checked: n(preview.checked),
                  })}
                </Text>
                {preview.errors.length ? errorRows(preview.errors) : <Text>{t('import.noErrors')}</Text>}
              </>
            )}
            {step === 'job' && job && (
              <>
                <ProgressBar
                  data-import-progress=""
                  value={job.total ? done / job.total : running ? undefined : 1}
                  thickness="large"
                />
                <Text data-import-status={job.status}>
                  {job.status === 'running'
                    ? t('import.progress', {
                        done: n(done),
                        total: n(job.total),
                        written: n(job.written),
                        failed: n(job.failed),
                      })
                    : job.status === 'done'
                      ? t('import.done', { written: n(job.written), failed: n(job.failed) })
                      : job.status === 'cancelled'
                        ? t('importSheets.cancelled', { written: n(job.written) })
                        : t('import.failed')}
                </Text>
                {job.errors.length > 0 && errorRows(job.errors)}
              </>
            )}
            {problems.length > 0 && (
              <Text
                role="alert"
                data-import-problem=""
                style={{ color: 'var(--colorPaletteRedForeground1)' }}
              >
                {problems.join(' — ')}
              </Text>
            )}
          </DialogContent>
          <DialogActions>
            {step === 'mapping' && (
              <Button appearance="primary" data-import-check="" disabled={busy} onClick={() => void check()}>
                {t('import.check')}
              </Button>
            )}
            {step === 'preview' && (
              <>
                <Button onClick={() => setStep('mapping')}>{t('import.back')}</Button>
                <Button appearance="primary" data-import-run="" disabled={busy} onClick={() => void run()}>
                  {t('import.run')}
                </Button>
              </>
            )}
            {step === 'job' && running && (
              <Button data-import-cancel="" disabled={busy} onClick={() => void cancel()}>
                {t('importSheets.cancel')}
              </Button>
            )}
            {step === 'job' && !running && (
              <Button
                onClick={() => {
                  setJob(null);
                  setFile(null);
                  setStep('start');
                }}
              >
                {t('import.newImport')}
              </Button>
            )}
            <Button data-import-close="" disabled={busy} onClick={() => onClose()}>
              {t('import.close')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
