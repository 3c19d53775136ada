/**
 * The entity chosen in a saved-report form, shared by its widgets: the field pickers (group-by,
 * measure, date) offer the fields of the entity the entity picker holds.
 */
import { createStore } from 'zustand/vanilla';

export const reportFormStore = createStore<{ entity: string }>(() => ({ entity: '' }));

export function setReportEntity(entity: string): void {
  if (reportFormStore.getState().entity !== entity) reportFormStore.setState({ entity });
}
