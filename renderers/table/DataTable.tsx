/**
 * The one read-and-act table of the product (security pages, designer, history, reports, dialog
 * messages): columns are declared as data (header, cell, optional dir/class), Fluent's Table draws
 * them. Direction follows the page (or `dir`); an empty list shows `empty` instead of a bare header;
 * a row may carry attributes (data-*, aria-current, class) and a detail row spanning every column
 * under it; a summary row (a total) may close the body. Not for large or editable lists: those are
 * AG Grid (renderers/grid, renderers/form/lines).
 */
import {
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  type TableProps,
} from '@fluentui/react-components';
import { Fragment, type HTMLAttributes, type Key, type ReactNode } from 'react';

export interface DataColumn<R> {
  /** Stable id of the column (its React key). */
  id: string;
  /** Header content: text, or a control (a "select the whole column" checkbox); none for actions. */
  header?: ReactNode;
  /** The content of this column's cell in one row. */
  cell: (row: R, index: number) => ReactNode;
  /** Class of the column's header and cells (alignment of numbers). */
  className?: string;
  /** Direction of the cells' text (ltr for codes and user names in a right-to-left page). */
  dir?: 'ltr' | 'rtl';
}

/** Attributes of a row's <tr>: class, data-* for tests and styles, aria-current. */
export type RowAttributes = HTMLAttributes<HTMLTableRowElement> & Record<`data-${string}`, unknown>;

export interface DataTableProps<R> {
  /** Accessible name of the table. */
  label: string;
  columns: readonly DataColumn<R>[];
  rows: readonly R[];
  /** React key of a row (default: its index). */
  rowKey?: (row: R, index: number) => Key;
  rowProps?: (row: R, index: number) => RowAttributes | undefined;
  /** Shown instead of the table when there are no rows (default: the table with its header only). */
  empty?: ReactNode;
  /** Content of a row drawn under a row across all columns, or null for none (details of a row). */
  detail?: (row: R, index: number) => ReactNode;
  /** Cells of a last row, by column id (a total); drawn when given. */
  summary?: Partial<Record<string, ReactNode>> | null;
  /** Draws the header row (default true; false for a two-column list of labels and controls). */
  showHeader?: boolean;
  size?: TableProps['size'];
  className?: string;
  dir?: 'ltr' | 'rtl';
}

export function DataTable<R>(props: DataTableProps<R>) {
  const { columns, rows, rowKey = (_: R, i: number) => i, rowProps, detail, summary } = props;
  if (rows.length === 0 && props.empty !== undefined) return <>{props.empty}</>;
  return (
    <Table aria-label={props.label} size={props.size ?? 'small'} className={props.className} dir={props.dir}>
      {props.showHeader !== false && (
        <TableHeader>
          <TableRow>
            {columns.map((c) => (
              <TableHeaderCell key={c.id} className={c.className}>
                {c.header}
              </TableHeaderCell>
            ))}
          </TableRow>
        </TableHeader>
      )}
      <TableBody>
        {rows.map((row, i) => {
          const more = detail?.(row, i);
          return (
            <Fragment key={rowKey(row, i)}>
              <TableRow {...rowProps?.(row, i)}>
                {columns.map((c) => (
                  <TableCell key={c.id} className={c.className} dir={c.dir}>
                    {c.cell(row, i)}
                  </TableCell>
                ))}
              </TableRow>
              {more != null && more !== false && (
                <TableRow>
                  <TableCell colSpan={columns.length}>{more}</TableCell>
                </TableRow>
              )}
            </Fragment>
          );
        })}
        {summary && (
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c.id} className={c.className} dir={c.dir}>
                {summary[c.id]}
              </TableCell>
            ))}
          </TableRow>
        )}
      </TableBody>
    </Table>
  );
}
