/**
 * The navigation drawer of a phone or narrow tablet (runtime/ui/viewport.ts): the header's menu
 * button opens it; a navigation, Escape or a tap on the backdrop closes it. On a wider screen
 * the side navigation is always shown and this state is not used.
 */
import { createStore } from 'zustand/vanilla';

export const navDrawerStore = createStore<{ open: boolean }>(() => ({ open: false }));

export function setNavDrawer(open: boolean): void {
  if (navDrawerStore.getState().open !== open) navDrawerStore.setState({ open });
}
