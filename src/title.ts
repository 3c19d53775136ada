/**
 * Page title (spec section 2): the deepest active route's title (or a screen's own title, set by
 * generated screens), translated, then " | " and the current period name when one is stored.
 * Stored under pageTitle too.
 */
import { useEffect } from 'react';
import { createStore } from 'zustand/vanilla';

/** A screen whose title comes from data (an entity definition) sets it here. */
export const titleStore = createStore<{ screenTitle: string | null }>(() => ({ screenTitle: null }));

/** Shows `title` as the screen's title while it is not null and the screen is mounted. */
export function useScreenTitle(title: string | null): void {
  useEffect(() => {
    if (title === null) return;
    titleStore.setState({ screenTitle: title });
    return () => titleStore.setState({ screenTitle: null });
  }, [title]);
}

export function composeTitle(title: string, periodName: string | null | undefined): string {
  return periodName ? `${title} | ${periodName}` : title;
}

export function applyTitle(text: string): void {
  document.title = text;
  localStorage.setItem('pageTitle', text);
}
