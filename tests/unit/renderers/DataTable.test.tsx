/**
 * DataTable (renderers/table/DataTable.tsx), the one table of the product's pages: columns as
 * data, the accessible name, the empty state, row attributes, the detail row across every column,
 * the summary row, no header on request.
 */
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { DataTable, type DataColumn } from '../../../renderers/table/DataTable';

afterEach(cleanup);

interface Row {
  code: string;
  amount: number;
}
const rows: Row[] = [
  { code: 'A1', amount: 10 },
  { code: 'B2', amount: 20 },
];
const columns: DataColumn<Row>[] = [
  { id: 'code', header: 'کد', dir: 'ltr', cell: (r) => r.code },
  { id: 'amount', header: 'مبلغ', cell: (r) => String(r.amount) },
];
const draw = (ui: ReactElement) => render(<FluentProvider theme={webLightTheme}>{ui}</FluentProvider>);
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('DataTable', () => {
  it('draws the declared columns under their headers, one row per item, named by its label', () => {
    draw(<DataTable label="اسناد" columns={columns} rows={rows} />);
    const table = screen.getByRole('table', { name: 'اسناد' });
    const [head, ...body] = within(table).getAllByRole('row');
    expect(
      within(head!)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['کد', 'مبلغ']);
    expect(body.map(cells)).toEqual([
      ['A1', '10'],
      ['B2', '20'],
    ]);
    expect(within(body[0]!).getAllByRole('cell')[0]).toHaveProperty('dir', 'ltr');
  });

  it('shows the empty state instead of a bare header, and the header alone without one', () => {
    draw(<DataTable label="اسناد" columns={columns} rows={[]} empty={<p>هیچ سندی نیست</p>} />);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('هیچ سندی نیست')).toBeTruthy();
    cleanup();
    draw(<DataTable label="اسناد" columns={columns} rows={[]} />);
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(1);
  });

  it('puts row attributes on the rows, a detail row across every column and a summary row last', () => {
    draw(
      <DataTable
        label="اسناد"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.code}
        rowProps={(r) => ({ 'data-code': r.code })}
        detail={(r) => r.code === 'A1' && <span>جزئیات A1</span>}
        summary={{ amount: '30' }}
      />,
    );
    const body = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(body.map(cells)).toEqual([['A1', '10'], ['جزئیات A1'], ['B2', '20'], ['', '30']]);
    expect(body[0]!.getAttribute('data-code')).toBe('A1');
    expect(within(body[1]!).getByRole('cell').getAttribute('colspan')).toBe('2');
  });

  it('draws no header row when asked not to', () => {
    draw(<DataTable label="فیلدها" columns={columns} rows={rows} showHeader={false} />);
    expect(screen.queryAllByRole('columnheader')).toHaveLength(0);
    expect(within(screen.getByRole('table', { name: 'فیلدها' })).getAllByRole('row')).toHaveLength(2);
  });
});
