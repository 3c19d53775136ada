/**
 * Typed fields keep a draft (renderers/form/widgets/draft.ts): the key shows at once, the form
 * takes it after the frame, a save right after the last key still includes it, and a value from
 * outside the field replaces what it shows.
 */
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import Form from '@rjsf/core';
import type { RJSFSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { customer } from './defs';
import { setupI18n } from '../support/i18n';
import { renderForm } from './renderForm';
import { Drafts } from '../../../renderers/form/widgets/draft';
import { widgetRegistry } from '../../../renderers/form/widgets/registry';

vi.setConfig({ testTimeout: 20_000 });
beforeAll(setupI18n);
afterEach(cleanup);

const input = (label: RegExp | string) => screen.getByLabelText(label) as HTMLInputElement;
const save = () => screen.getByRole('button', { name: 'ذخیره' });

describe('typed fields', () => {
  it('show a key at once and hand it to the form after the frame', async () => {
    const changes: boolean[] = [];
    renderForm(customer, { onDirtyChange: (d) => changes.push(d) });
    fireEvent.change(input('شهر'), { target: { value: 'قم' } });
    expect(input('شهر').value).toBe('قم');
    expect(changes).toEqual([]); // the form has not taken it yet
    await waitFor(() => expect(changes).toEqual([true]));
    expect(input('شهر').value).toBe('قم');
  });

  it('hand the last keys over before a save button click in the same moment', async () => {
    const { saved } = renderForm(customer);
    fireEvent.change(input(/کد مشتری/), { target: { value: 'C7' } });
    fireEvent.change(input(/^نام/), { target: { value: 'مریم' } });
    fireEvent.change(input(/^کد ملی/), { target: { value: '0499370899' } }); // a person needs it
    fireEvent.change(input('شهر'), { target: { value: 'مشهد' } });
    fireEvent.click(save());
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ code: 'C7', name: 'مریم', city: 'مشهد' });
  });

  it('hand the last keys over before Ctrl+S in the same moment', async () => {
    const { saved } = renderForm(customer);
    fireEvent.change(input(/کد مشتری/), { target: { value: 'C8' } });
    fireEvent.change(input(/^نام/), { target: { value: 'رضا' } });
    fireEvent.change(input(/^کد ملی/), { target: { value: '0499370899' } }); // a person needs it
    fireEvent.change(input(/سقف اعتبار/), { target: { value: '۱۲۰۰۰' } });
    fireEvent.keyDown(document, { key: 's', ctrlKey: true });
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ code: 'C8', name: 'رضا', creditLimit: 12000 });
  });

  it('show a value set from outside the field over the draft, and keep typing after it', async () => {
    const drafts = new Drafts();
    const schema: RJSFSchema = { type: 'object', properties: { a: { type: 'string' } } };
    function Host() {
      const [data, setData] = useState<{ a?: string }>({ a: 'یک' });
      return (
        <FluentProvider theme={webLightTheme} dir="rtl">
          <button type="button" onClick={() => setData({ a: 'از بیرون' })}>
            reset
          </button>
          <output data-testid="held">{data.a}</output>
          <Form
            schema={schema}
            formData={data}
            validator={validator}
            widgets={widgetRegistry}
            formContext={{ lang: 'fa', drafts }}
            onChange={(e) => setData(e.formData as { a?: string })}
          />
        </FluentProvider>
      );
    }
    render(<Host />);
    const field = () => document.getElementById('root_a') as HTMLInputElement;
    fireEvent.change(field(), { target: { value: 'یک دو' } });
    expect(field().value).toBe('یک دو');
    // the form has taken the key (its change reached the host) before the host resets the value
    await waitFor(() => expect(screen.getByTestId('held').textContent).toBe('یک دو'));
    expect(field().value).toBe('یک دو');
    fireEvent.click(screen.getByRole('button', { name: 'reset' }));
    expect(field().value).toBe('از بیرون');
    fireEvent.change(field(), { target: { value: 'از بیرون ۳' } });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(field().value).toBe('از بیرون ۳');
  });
});
