/** AG Grid filter for booleans and enums: a list of the labelled choices (see choiceModel.ts). */
import type { CustomFilterProps } from 'ag-grid-react';
import { useGridFilter } from 'ag-grid-react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { choiceModel, choicePasses, type ChoiceFilterParams, type ChoiceModel } from './choiceModel';

type Props = CustomFilterProps<unknown, unknown, ChoiceModel> & ChoiceFilterParams;

export function ChoiceFilter(props: Props) {
  const { t } = useTranslation();
  const { model, onModelChange, options, filterType } = props;
  const doesFilterPass = useCallback(
    (p: { node: { data?: unknown } }) => {
      const field = props.colDef.field;
      const data = p.node.data as Record<string, unknown> | undefined;
      return choicePasses(model, field && data ? data[field] : undefined);
    },
    [model, props.colDef.field],
  );
  useGridFilter({ doesFilterPass });
  const current = model ? options.findIndex((o) => o.value === model.filter) : -1;
  return (
    <div style={{ padding: '8px', minWidth: '160px' }}>
      <select
        aria-label={props.colDef.headerName ?? ''}
        className="ag-input-field-input"
        style={{ width: '100%' }}
        value={String(current)}
        onChange={(e) => {
          const index = Number(e.target.value);
          onModelChange(
            choiceModel({ filterType, options }, index < 0 ? null : (options[index]?.value ?? null)),
          );
        }}
      >
        <option value="-1">{t('grid.all')}</option>
        {options.map((o, i) => (
          <option key={String(o.value)} value={String(i)}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
