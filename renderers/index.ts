/**
 * Public surface of the renderers. The shell's pages import the modules they draw directly, not
 * this file: whatever a page imports through here would join its chunk (bench/budget.mjs).
 */
export { EntityScreen, type EntityScreenProps } from './screen/EntityScreen';
export { DialogHost } from './dialogs/DialogHost';
export { EntityGrid, type EntityGridProps } from './grid/EntityGrid';
export { buildColumnDefs } from './grid/columns';
export { EntityForm, type EntityFormProps } from './form/EntityForm';
export { loadValidators } from './form/validatorLoader';
export { widgetRegistry, registerWidget } from './form/widgets/registry';
export { splitEntityKey } from './form/lookup';
export { PrintView, type PrintViewProps } from './print/PrintView';
export { ReportView, type ReportViewProps } from './report/ReportView';
export { Chart, chartValue } from './charts/index';
