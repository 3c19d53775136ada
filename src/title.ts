/**
 * Page title (spec section 2): the deepest active route's title (or a screen's own title, set by
 * generated screens), translated, then " | " and the current period name when one is stored.
 * Stored under pageTitle too.
 */
import { createStore } from 'zustand/vanilla';

/** A screen whose title comes from data (an entity definition) sets it here. */
export const titleStore = createStore<{ screenTitle: string | null }>(() => ({ screenTitle: null }));

export function composeTitle(title: string, periodName: string | null | undefined): string {
  return periodName ? `${title} | ${periodName}` : title;
}

export function applyTitle(text: string): void {
  document.title = text;
  localStorage.setItem('pageTitle', text);
}
