/** Public surface of the renderers (the shell imports only from here). */
export { EntityScreen, type EntityScreenProps } from './screen/EntityScreen';
export { DialogHost } from './dialogs/DialogHost';
export { EntityGrid, type EntityGridProps } from './grid/EntityGrid';
export { buildColumnDefs } from './grid/columns';
export { EntityForm, type EntityFormProps } from './form/EntityForm';
export { loadValidators } from './form/precompiled';
export { widgetRegistry, registerWidget } from './form/widgets/registry';
export { splitEntityKey } from './form/lookup';
export { PrintView, type PrintViewProps } from './print/PrintView';
export { ReportView, type ReportViewProps } from './report/ReportView';
export { Chart, chartValue } from './charts/index';
