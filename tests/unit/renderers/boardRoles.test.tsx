/**
 * The dashboard editor's role picker (renderers/reportBuilder/BoardRoles.tsx): roles by their names
 * (an admin's label, else the shipped role's translation, else the key), everyone as `*`, and a
 * role the board names that no longer exists still listed so it can be taken off.
 */
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BoardRoles, type BoardRole } from '../../../renderers/reportBuilder/BoardRoles';
import { setupI18n } from '../support/i18n';

beforeAll(setupI18n);
afterEach(cleanup);

const roles: BoardRole[] = [
  { role: 'auditor', label: { fa: 'حسابرس', en: 'Auditor' } },
  { role: 'customer', label: { fa: '', en: '' } },
  { role: 'night_shift', label: { fa: '', en: '' } },
];

function renderPicker(start: string[]) {
  const seen: string[][] = [];
  function Host() {
    const [value, setValue] = useState(start);
    return (
      <BoardRoles
        board="فروش"
        roles={roles}
        value={value}
        lang="fa"
        onChange={(v) => {
          seen.push(v);
          setValue(v);
        }}
      />
    );
  }
  render(
    <FluentProvider theme={webLightTheme} dir="rtl">
      <Host />
    </FluentProvider>,
  );
  return { seen, group: screen.getByRole('group', { name: 'نقش‌های داشبورد فروش' }) };
}

describe('the dashboard role picker', () => {
  it('lists roles by their names and ticks the board’s', () => {
    const { group } = renderPicker(['customer', 'gone']);
    const boxes = within(group).getAllByRole('checkbox');
    expect(boxes.map((b) => b.closest('.fui-Checkbox')?.textContent)).toEqual([
      'همه (*)',
      'حسابرس',
      'مشتری',
      'night_shift',
      'gone',
    ]);
    expect(within(group).getByRole('checkbox', { name: 'مشتری' })).toHaveProperty('checked', true);
    expect(within(group).getByRole('checkbox', { name: 'gone' })).toHaveProperty('checked', true);
  });

  it('ticks and unticks roles; everyone disables the others', () => {
    const { group, seen } = renderPicker(['customer', 'gone']);
    fireEvent.click(within(group).getByRole('checkbox', { name: 'حسابرس' }));
    fireEvent.click(within(group).getByRole('checkbox', { name: 'gone' }));
    expect(seen).toEqual([
      ['auditor', 'customer', 'gone'],
      ['auditor', 'customer'],
    ]);
    fireEvent.click(within(group).getByRole('checkbox', { name: 'همه (*)' }));
    expect(seen.at(-1)).toEqual(['auditor', 'customer', '*']);
    expect(within(group).getByRole('checkbox', { name: 'مشتری' })).toHaveProperty('disabled', true);
  });
});
