/** Whether the viewport is a phone's (PHONE_QUERY), following rotation and resizing. */
import { useSyncExternalStore } from 'react';
import { PHONE_QUERY, isPhoneViewport } from '../../../runtime/ui/viewport';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia?.(PHONE_QUERY);
  if (!query) return () => undefined;
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

export function usePhone(): boolean {
  return useSyncExternalStore(subscribe, isPhoneViewport, () => false);
}
