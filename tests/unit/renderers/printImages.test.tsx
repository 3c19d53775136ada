/** An image field prints as its pictures (kind image), fetched through the attachments client. */
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PrintView } from '../../../renderers/print/PrintView';
import type { EntityDefinition, EntityRow } from '../../../runtime/shared/definition';
import { setupI18n } from '../support/i18n';

beforeAll(setupI18n);
afterEach(cleanup);

const definition: EntityDefinition = {
  name: 'person',
  module: 'HR',
  title: { fa: 'اشخاص' },
  displayField: 'name',
  schema: { type: 'object', properties: { name: { type: 'string' }, photo: { type: 'string' } } },
  fields: {
    name: { label: { fa: 'نام' } },
    photo: { label: { fa: 'عکس' }, kind: 'image' },
  },
  list: { columns: ['name'] },
};

describe('print of an image field', () => {
  it('shows each stored image, not a text', async () => {
    const row = { id: 1, version: 1, name: 'مریم', photo: '5,6' } as EntityRow;
    const download = vi.fn(async () => new Blob(['png'], { type: 'image/png' }));
    URL.createObjectURL = vi.fn(() => 'blob:img');
    URL.revokeObjectURL = vi.fn();
    const fields: string[] = [];
    render(
      <FluentProvider theme={webLightTheme} dir="rtl">
        <PrintView
          definition={definition}
          client={{ get: vi.fn(async () => row), print: vi.fn(async () => row) }}
          id={1}
          lang="fa"
          attachments={(_def, field) => (fields.push(field), { download, list: vi.fn(), upload: vi.fn() })}
        />
      </FluentProvider>,
    );
    await waitFor(() => expect(screen.getAllByRole('img', { name: 'عکس' })).toHaveLength(2));
    expect(download.mock.calls.map((c) => (c as unknown[])[0])).toEqual([5, 6]);
    expect(fields).toContain('photo');
    expect(document.querySelector('[data-field="photo"] figcaption')?.textContent).toBe('عکس');
  });
});
