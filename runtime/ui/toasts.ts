/**
 * The toast port: the runtime asks for a toast by translation key; the shell (src/) connects a
 * sink that draws it with react-toastify at the bottom centre. Before a sink is connected, toasts
 * queue so none is lost during start-up.
 */
export type ToastKind = 'error' | 'warning' | 'info' | 'success';

export interface ToastRequest {
  /** A translation key, or literal text when `literal` is set (e.g. a decoded binary error body). */
  text: string;
  kind: ToastKind;
  literal?: boolean;
  params?: Record<string, unknown>;
  /** Same id replaces/dedupes an existing toast. */
  id?: string;
}

type Sink = (toast: ToastRequest) => void;

let sink: Sink | null = null;
const queue: ToastRequest[] = [];

export function connectToastSink(next: Sink | null): void {
  sink = next;
  if (sink) for (const t of queue.splice(0)) sink(t);
}

export function toast(request: ToastRequest): void {
  if (sink) sink(request);
  else queue.push(request);
}
