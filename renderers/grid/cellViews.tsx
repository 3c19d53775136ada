/**
 * Grid cells drawn by a component rather than as text, chosen by the field's uiSchema widget (the
 * same name the form's widget registry uses). A new one is an entry of CELL_VIEWS.
 */
import type { ColDef, ICellRendererParams } from 'ag-grid-community';
import type { ReactNode } from 'react';
import type { EntityDefinition, EntityRow, Lang } from '../../runtime/shared/definition';
import { widgetOf } from '../../runtime/shared/fieldKind';
import { AuditDiffLine } from '../history/AuditDiff';

interface CellView {
  row: EntityRow | undefined;
  value: unknown;
  options: Record<string, unknown>;
  lang: Lang;
}

export const CELL_VIEWS: Record<string, (cell: CellView) => ReactNode> = {
  /** An audit entry's change on one line: «label: before ← after» of the audited entity. */
  auditDiff: ({ row, value, options, lang }) => (
    <AuditDiffLine
      entityKey={row?.[typeof options.entityField === 'string' ? options.entityField : 'entityKey']}
      changes={value}
      lang={lang}
    />
  ),
};

/** The columns with a cell view get it as their cell renderer. */
export function withCellViews(
  columns: ColDef<EntityRow>[],
  definition: EntityDefinition,
  lang: Lang,
): ColDef<EntityRow>[] {
  return columns.map((col) => {
    const name = col.colId ?? '';
    const view = CELL_VIEWS[widgetOf(definition.uiSchema, name)];
    if (!view) return col;
    const entry = definition.uiSchema?.[name] as Record<string, unknown> | undefined;
    const options = (entry?.['ui:options'] ?? {}) as Record<string, unknown>;
    return {
      ...col,
      cellRenderer: (p: ICellRendererParams<EntityRow>) =>
        view({ row: p.data, value: p.value, options, lang }),
    };
  });
}
