/** Connects the runtime's toast port to react-toastify, translating keys with i18next. */
import type { ShowToast } from './Toasts';
import { connectToastSink, type ToastRequest } from '../runtime/ui/toasts';
import { i18next } from './i18n';

export function toastText(request: ToastRequest): string {
  if (request.literal) return request.text;
  const key = request.text;
  // Catalogue keys live under errors.*; a server text that is no key shows as it is.
  if (i18next.exists(key)) return i18next.t(key, request.params ?? {});
  return i18next.t(`errors.${key}`, { ...(request.params ?? {}), defaultValue: key });
}

let show: ShowToast | null = null;
const pending: ToastRequest[] = [];

function draw(request: ToastRequest, to: ShowToast): void {
  to(toastText(request), { type: request.kind, toastId: request.id });
}

/** Called by the mounted container (src/Toasts.tsx): draws the toasts asked for while it loaded. */
export function toastsReady(toast: ShowToast): void {
  show = toast;
  for (const request of pending.splice(0)) draw(request, toast);
}

export function connectToasts(): void {
  connectToastSink((request) => {
    if (show) draw(request, show);
    else pending.push(request);
  });
}
