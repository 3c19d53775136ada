/**
 * Filter models of the choice filter (booleans, enums, multi-selects), in shapes the server's
 * filter helper understands: booleans {filterType:'boolean', type:'equals', filter:true|false};
 * enums {filterType:'text', type:'equals', filter:<stored value>}; multi-selects
 * {filterType:'set', values:[<option>]} (rows whose stored list holds the option).
 */
import { multiEnumValues } from '../../runtime/shared/fieldKinds/multiEnum';

export type ChoiceValue = string | number | boolean;

export interface ChoiceOption {
  value: ChoiceValue;
  label: string;
}

export interface ChoiceFilterParams {
  filterType: 'boolean' | 'text' | 'set';
  options: ChoiceOption[];
  /** The label of the choice that filters nothing out. */
  allLabel?: string;
}

export type ChoiceModel =
  | { filterType: 'boolean' | 'text'; type: 'equals'; filter: ChoiceValue }
  | { filterType: 'set'; values: string[] };

export function choiceModel(params: ChoiceFilterParams, value: ChoiceValue | null): ChoiceModel | null {
  if (value === null) return null;
  if (params.filterType === 'set') return { filterType: 'set', values: [String(value)] };
  return {
    filterType: params.filterType,
    type: 'equals',
    filter: params.filterType === 'text' ? String(value) : value,
  };
}

/** The value a model chose (the first of a set). */
export function chosenValue(model: ChoiceModel | null): ChoiceValue | undefined {
  if (!model) return undefined;
  return model.filterType === 'set' ? model.values[0] : model.filter;
}

/** Client-side check (AG Grid asks for one even though the server filters). */
export function choicePasses(model: ChoiceModel | null, cell: unknown): boolean {
  if (!model) return true;
  if (model.filterType === 'set') return multiEnumValues(cell).some((v) => model.values.includes(v));
  return model.filterType === 'text' ? String(cell) === String(model.filter) : cell === model.filter;
}
