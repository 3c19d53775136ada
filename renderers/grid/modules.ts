/** Only the AG Grid modules the entity grid uses. */
import {
  CellStyleModule,
  ColumnApiModule,
  ColumnAutoSizeModule,
  CustomFilterModule,
  DateFilterModule,
  InfiniteRowModelModule,
  LocaleModule,
  ModuleRegistry,
  NumberFilterModule,
  RowSelectionModule,
  TextFilterModule,
  ValidationModule,
} from 'ag-grid-community';

let registered = false;

export function registerGridModules(): void {
  if (registered) return;
  registered = true;
  ModuleRegistry.registerModules([
    InfiniteRowModelModule,
    TextFilterModule,
    NumberFilterModule,
    DateFilterModule,
    RowSelectionModule,
    LocaleModule,
    CellStyleModule,
    ColumnAutoSizeModule,
    ColumnApiModule,
    CustomFilterModule,
    ...(import.meta.env?.DEV ? [ValidationModule] : []),
  ]);
}
