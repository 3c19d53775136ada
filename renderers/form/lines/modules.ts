/** The AG Grid modules the lines grid uses (client-side rows, editors, selection, tooltips). */
import {
  CellStyleModule,
  CheckboxEditorModule,
  ClientSideRowModelApiModule,
  ClientSideRowModelModule,
  LocaleModule,
  ModuleRegistry,
  NumberEditorModule,
  RenderApiModule,
  RowApiModule,
  RowSelectionModule,
  ScrollApiModule,
  SelectEditorModule,
  TextEditorModule,
  TooltipModule,
  ValidationModule,
} from 'ag-grid-community';

let registered = false;

export function registerLinesGridModules(): void {
  if (registered) return;
  registered = true;
  ModuleRegistry.registerModules([
    ClientSideRowModelModule,
    ClientSideRowModelApiModule,
    TextEditorModule,
    NumberEditorModule,
    SelectEditorModule,
    CheckboxEditorModule,
    RowSelectionModule,
    TooltipModule,
    CellStyleModule,
    RenderApiModule,
    RowApiModule,
    ScrollApiModule,
    LocaleModule,
    ...(import.meta.env?.DEV ? [ValidationModule] : []),
  ]);
}
