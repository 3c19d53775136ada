/**
 * The dialog port: the runtime (error catalogue, screens) asks for dialogs here; the UI layer
 * (renderers' DialogHost) draws whatever is in the store. The runtime never imports UI code.
 */
import { createStore } from 'zustand/vanilla';
import type { TableMessage } from '../shared/envelope';

export type Dialog =
  | { kind: 'error'; id: number; messages: string[] }
  | { kind: 'tableErrors'; id: number; messages: string[]; rows: TableMessage[] }
  | { kind: 'business'; id: number; message: string }
  | {
      kind: 'confirm';
      id: number;
      message: string;
      resolve: (ok: boolean) => void;
      /** Translation keys of the two buttons (default form.yes / form.no). */
      answers?: ConfirmAnswers;
    };

/** The buttons of a confirmation, as translation keys: `yes` answers true, `no` false. */
export interface ConfirmAnswers {
  yes: string;
  no: string;
}

type NewDialog = Dialog extends infer D ? (D extends Dialog ? Omit<D, 'id'> : never) : never;

interface DialogState {
  dialogs: Dialog[];
}

export const dialogStore = createStore<DialogState>(() => ({ dialogs: [] }));

let nextId = 1;

export function openDialog(dialog: NewDialog): number {
  const id = nextId++;
  dialogStore.setState((s) => ({ dialogs: [...s.dialogs, { ...dialog, id } as Dialog] }));
  return id;
}

export function closeDialog(id: number): void {
  dialogStore.setState((s) => {
    const closing = s.dialogs.find((d) => d.id === id);
    if (closing?.kind === 'confirm') closing.resolve(false);
    return { dialogs: s.dialogs.filter((d) => d.id !== id) };
  });
}

/** Spec section 2: open dialogs close on every navigation (and on a 403). */
export function closeAllDialogs(): void {
  for (const d of dialogStore.getState().dialogs) if (d.kind === 'confirm') d.resolve(false);
  dialogStore.setState({ dialogs: [] });
  for (const listener of closeAllListeners) listener();
}

const closeAllListeners = new Set<() => void>();

/** Screens with their own modal (e.g. the form modal) register here so closeAllDialogs reaches them. */
export function onCloseAllDialogs(listener: () => void): () => void {
  closeAllListeners.add(listener);
  return () => closeAllListeners.delete(listener);
}

export function confirm(message: string, answers?: ConfirmAnswers): Promise<boolean> {
  return new Promise((resolve) => {
    const id = openDialog({
      kind: 'confirm',
      message,
      ...(answers ? { answers } : {}),
      resolve: (ok) => {
        dialogStore.setState((s) => ({ dialogs: s.dialogs.filter((d) => d.id !== id) }));
        resolve(ok);
      },
    });
  });
}
