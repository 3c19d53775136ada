/** Generic pieces of the screen designer (the page lives in src/pages/designer). */
export { DesignerForm, type DesignerFormProps } from './DesignerForm';
export type { EntityChoice } from './context';
export { emptyDefinition, withRows } from './draft';
export { rowsOf, applyRows, rowProblems, type FieldRow } from './fieldRows';
export { parseRulesText } from './rulesText';
export { sampleRows, sampleClient, sampleValues } from './sampleRows';
export { LayoutEditor } from './LayoutEditor';
export { withLayout } from './layoutDraft';
export { PlanView, type Plan, type PlanChange } from './PlanView';
export { PrintFormatsEditor } from './PrintFormatsEditor';
export { formatsOf, lookedUpEntities, withPrintFormats, type PrintSource } from './printDraft';
export { printSample } from './printSample';
export { AutomationsEditor, type AutomationsEditorProps } from './AutomationsEditor';
