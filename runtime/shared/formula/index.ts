/** Formulas in words over the rule evaluator's JSON Logic (docs/formulas.md). */
export { parseFormula, type FormulaParse } from './parse';
export { printFormula, formulaText, Unprintable, type PrintOptions } from './print';
export { canonical } from './canonical';
export { completeAt, type Completion, type Completions } from './complete';
export { namesOf } from './fromDefinition';
export { FUNCTIONS, type FunctionSpec } from './functions';
export type { FormulaError, FormulaMessageKey } from './errors';
export type { FormulaField, FormulaTable, NameStyle, NameTable } from './names';
