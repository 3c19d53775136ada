/** Connects the runtime's toast port to react-toastify, translating keys with i18next. */
import { toast as show } from 'react-toastify/unstyled';
import { connectToastSink, type ToastRequest } from '../runtime/ui/toasts';
import { i18next } from './i18n';

export function toastText(request: ToastRequest): string {
  if (request.literal) return request.text;
  const key = request.text;
  // Catalogue keys live under errors.*; a server text that is no key shows as it is.
  if (i18next.exists(key)) return i18next.t(key, request.params ?? {});
  return i18next.t(`errors.${key}`, { ...(request.params ?? {}), defaultValue: key });
}

export function connectToasts(): void {
  connectToastSink((request) => {
    show(toastText(request), { type: request.kind, toastId: request.id });
  });
}
