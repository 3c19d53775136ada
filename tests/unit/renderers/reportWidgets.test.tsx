/**
 * The saved report's pickers (ui:widget reportEntity / reportField): the stored entity and field
 * show by their titles and labels in Persian digits, never by their keys, not even while the list
 * of entities is on its way.
 */
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import type { WidgetProps } from '@rjsf/utils';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ReportEntity } from '../../../runtime/shared/reports';
import { setupI18n } from '../support/i18n';

// one answer for both pickers, as the client's cache gives it, sent when the test says
const answer = vi.hoisted(() => {
  let resolve: (list: unknown) => void = () => undefined;
  const list = new Promise((done) => (resolve = done));
  return { list, resolve: (value: unknown) => resolve(value) };
});
vi.mock('../../../runtime/report/reportClient', () => ({ reportEntities: () => answer.list }));

const { ReportEntityWidget } = await import('../../../renderers/form/widgets/ReportEntityWidget');
const { ReportFieldWidget } = await import('../../../renderers/form/widgets/ReportFieldWidget');

vi.setConfig({ testTimeout: 20_000 });
beforeAll(setupI18n);
afterEach(cleanup);

/** What RJSF gives a widget, as far as these read it. */
const props = (id: string, value: string, options: Record<string, unknown> = {}) =>
  ({
    id,
    value,
    options,
    onChange: vi.fn(),
    registry: { formContext: { lang: 'fa' } },
  }) as unknown as WidgetProps;

describe('the saved report pickers', () => {
  it('show the stored entity and field by title and label, a word for them while the list comes', async () => {
    render(
      <FluentProvider theme={webLightTheme} dir="rtl">
        <ReportEntityWidget {...props('root_entity', 'sales.invoice')} />
        <ReportFieldWidget {...props('root_measureField', 'tax', { kinds: ['number'] })} />
      </FluentProvider>,
    );
    const texts = () =>
      [...document.querySelectorAll('option')].filter((o) => o.selected).map((o) => o.textContent);
    expect(texts()).toEqual(['در حال بارگذاری…', 'در حال بارگذاری…']);
    // the answer's digits are Western (the pipeline normalises every answer)
    answer.resolve([
      {
        key: 'sales.invoice',
        title: 'فاکتورهای فروش',
        fields: [{ name: 'tax', kind: 'number', label: 'مالیات بر ارزش افزوده 10٪ (ریال)' }],
      },
    ] as ReportEntity[]);
    await waitFor(() => expect(texts()).toEqual(['فاکتورهای فروش', 'مالیات بر ارزش افزوده ۱۰٪ (ریال)']));
    expect(screen.queryByText('sales.invoice')).toBeNull();
  });
});
