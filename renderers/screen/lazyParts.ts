/**
 * What a grid screen needs only on a user's action loads on demand, so the screen loads none of it
 * before its first rows (bench/budget.mjs): the form modal (RJSF, the widgets, the lines grid) and
 * the history dialog. The form's chunk and the definition's validators are fetched once the
 * browser is idle after the grid's first rows, so a form usually opens at once; else the top loading
 * bar runs until it can open. The toolbar's export menu (Fluent's menu) loads the same way. The modal opens only once its form can show: Fluent's focus trap
 * leaves a modal hidden from assistive technology (aria-hidden) when its content replaces a spinner.
 */
import { loadingFinished, loadingStarted } from '../../runtime/http/loading';
import { whenIdle } from '../../runtime/idle';
import type { EntityDefinition, Lang } from '../../runtime/shared/definition';
import { warmUpFormWhenIdle } from './formWarmUp';
import { toast } from '../../runtime/ui/toasts';

/** A chunk that imports once (`value` once it has); a failed import is tried again next time. */
export interface Part<T> {
  (): Promise<T>;
  value?: T;
}

function part<T>(load: () => Promise<T>): Part<T> {
  let pending: Promise<T> | null = null;
  const get = (() => {
    if (!pending) {
      pending = load();
      pending.then(
        (value) => (get.value = value),
        () => (pending = null),
      );
    }
    return pending;
  }) as Part<T>;
  return get;
}

const loadFormModal = part(async () => (await import('./FormModal')).FormModal);
const validatorLoader = part(async () => import('../form/validatorLoader'));
export const loadHistoryDialog = part(async () => (await import('../history/HistoryDialog')).HistoryDialog);
export const loadExportMenu = part(async () => (await import('./ExportMenu')).ExportMenu);
/** The saved views popover and the ticked rows' bar: not needed before the grid's first rows. */
export const loadSavedViewsMenu = part(async () => (await import('./SavedViewsMenu')).SavedViewsMenu);
export const loadBulkBar = part(async () => (await import('./BulkBar')).BulkBar);
/** A document's cancel dialog (asks the reason): on the user's «ابطال» only. */
export const loadCancelDialog = part(async () => (await import('./CancelDialog')).CancelDialog);
/** The import wizard (docs/import.md): on the user's «ورود از فایل», or a job running at reload. */
export const loadImportWizard = part(async () => (await import('./ImportWizard')).ImportWizard);

/** The form modal with the definition's validators loaded (a failure there the form shows). */
export async function loadForm(definition: EntityDefinition) {
  const validators = validatorLoader()
    .then((m) => m.loadValidators(definition))
    .catch(() => undefined);
  const [modal] = await Promise.all([loadFormModal(), validators]);
  return modal;
}

/** True when loadForm(definition) has nothing left to load. */
export function formReady(definition: EntityDefinition): boolean {
  return loadFormModal.value !== undefined && !!validatorLoader.value?.loadedValidators(definition);
}

/** What `load` gives, with the loading bar unless `ready`; null (and a toast) when it cannot load. */
export async function loadPart<T>(load: () => Promise<T>, ready: boolean): Promise<T | null> {
  if (!ready) loadingStarted();
  try {
    return await load();
  } catch {
    toast({ text: 'app.partUnavailable', kind: 'error' });
    return null;
  } finally {
    if (!ready) loadingFinished();
  }
}

/**
 * Fetches the form's chunk, the definition's validators and the export menu when the browser is
 * next idle, then (once per page load) the form's warm-up (formWarmUp.ts).
 */
export function prefetchForm(definition: EntityDefinition, lang: Lang): void {
  const prefetch = () => {
    void loadForm(definition)
      .then(() => warmUpFormWhenIdle(lang))
      .catch(() => undefined);
    void loadExportMenu().catch(() => undefined);
    void loadSavedViewsMenu().catch(() => undefined);
    void loadBulkBar().catch(() => undefined);
  };
  whenIdle(prefetch);
}
