/**
 * Filter models of the choice filter (booleans and enums), in shapes the server's filter helper
 * understands: booleans {filterType:'boolean', type:'equals', filter:true|false}; enums
 * {filterType:'text', type:'equals', filter:<stored value>}.
 */
export type ChoiceValue = string | number | boolean;

export interface ChoiceOption {
  value: ChoiceValue;
  label: string;
}

export interface ChoiceFilterParams {
  filterType: 'boolean' | 'text';
  options: ChoiceOption[];
  /** The label of the choice that filters nothing out. */
  allLabel?: string;
}

export interface ChoiceModel {
  filterType: 'boolean' | 'text';
  type: 'equals';
  filter: ChoiceValue;
}

export function choiceModel(params: ChoiceFilterParams, value: ChoiceValue | null): ChoiceModel | null {
  if (value === null) return null;
  return {
    filterType: params.filterType,
    type: 'equals',
    filter: params.filterType === 'text' ? String(value) : value,
  };
}

/** Client-side check (AG Grid asks for one even though the server filters). */
export function choicePasses(model: ChoiceModel | null, cell: unknown): boolean {
  if (!model) return true;
  return model.filterType === 'text' ? String(cell) === String(model.filter) : cell === model.filter;
}
