/**
 * The AG Grid modules the lines grid uses (client-side rows, editors, selection, tooltips).
 * CustomEditorModule: a lookup column's editor is our own component (lineLookupColumn); without it
 * AG Grid logs error #200 on the first document form (the form warm-up's lines grid included).
 */
import {
  CellStyleModule,
  CheckboxEditorModule,
  CustomEditorModule,
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
    CustomEditorModule,
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
