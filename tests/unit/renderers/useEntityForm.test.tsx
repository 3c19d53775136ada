/**
 * The entity form's controller (renderers/form/useEntityForm.ts) without its view: a change makes
 * it dirty and recomputes what RJSF gets, a save sends the values with the lines, a 417 answer puts
 * its field and business messages where the view shows them, and an edit drops the server message
 * of that field. The validators are loaded, or reported unavailable.
 */
import type { IChangeEvent } from '@rjsf/core';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { EntityValues } from '../../../runtime/entity/types';
import { ApiError } from '../../../runtime/http/ApiError';
import type { EntityDefinition } from '../../../runtime/shared/definition';
import { failure } from '../../../runtime/shared/envelope';
import {
  useEntityForm,
  useFormValidators,
  type EntityFormOptions,
} from '../../../renderers/form/useEntityForm';
import { customer, invoice } from './defs';
import { setupI18n } from '../support/i18n';
import { validatorsFor } from './validators';
import { serverText } from '../../support/messages';

beforeAll(setupI18n);
afterEach(cleanup);

const change = (formData: EntityValues) => ({ formData }) as IChangeEvent<EntityValues>;

function controller(definition: EntityDefinition, options: Partial<EntityFormOptions> = {}) {
  const saved: EntityValues[] = [];
  const dirty: boolean[] = [];
  const view = renderHook(() =>
    useEntityForm({
      definition,
      lang: 'fa',
      validators: validatorsFor(definition),
      onSave: async (values) => {
        saved.push(values);
      },
      onDirtyChange: (d) => dirty.push(d),
      ...options,
    }),
  );
  return { ...view, saved, dirty };
}

describe('useEntityForm', () => {
  it('starts clean from the values with the schema defaults, and a change makes it dirty', async () => {
    const { result, dirty } = controller(customer, { values: { code: 'C1', name: 'علی' } });
    expect(result.current.dirty).toBe(false);
    expect(result.current.formData).toMatchObject({ code: 'C1', name: 'علی', customerType: 'person' });
    act(() => result.current.onChange(change({ ...result.current.formData, city: 'قم' })));
    expect(result.current.dirty).toBe(true);
    expect(result.current.formData.city).toBe('قم');
    await waitFor(() => expect(dirty).toEqual([true]));
    act(() => result.current.onChange(change({ ...result.current.formData, city: undefined })));
    await waitFor(() => expect(dirty).toEqual([true, false]));
  });

  it('a submit saves the values and the lines, and turns validation live', async () => {
    const { result, saved } = controller(invoice);
    expect(result.current.liveValidate).toBe(false);
    expect(result.current.lines.children.map(([name]) => name)).toEqual(Object.keys(invoice.children!));
    const values = { ...result.current.formData };
    await act(async () => result.current.onSubmit(change(values)));
    expect(result.current.liveValidate).toBe(true);
    // an invoice needs lines: nothing is sent, the form tells why
    expect(saved).toEqual([]);
    expect(result.current.messages.length).toBeGreaterThan(0);
  });

  it('saves a valid record once and reports saving meanwhile', async () => {
    let done!: () => void;
    const saved: EntityValues[] = [];
    const { result } = controller(customer, {
      onSave: (values) => {
        saved.push(values);
        return new Promise<void>((resolve) => (done = resolve));
      },
    });
    const values = { ...result.current.formData, code: 'C9', name: 'کریم' };
    act(() => result.current.onChange(change(values)));
    act(() => result.current.onSubmit(change(values)));
    expect(result.current.saving).toBe(true);
    await act(async () => done());
    expect(result.current.saving).toBe(false);
    expect(saved).toEqual([expect.objectContaining({ code: 'C9', name: 'کریم', customerType: 'person' })]);
  });

  it('a 417 answer puts its field messages and business errors in view; editing the field drops its message', async () => {
    const envelope = failure(
      [serverText('مقادیر نادرست است.')],
      [{ FieldName: 'code', ...serverText('این کد تکراری است.') }],
      [],
      {
        BusinessErrors: ['سقف اعتبار گذشته است.'],
      },
    );
    const { result } = controller(customer, { onSave: () => Promise.reject(new ApiError(417, envelope)) });
    const values = { ...result.current.formData, code: 'C1', name: 'علی' };
    act(() => result.current.onChange(change(values)));
    await act(async () => result.current.onSubmit(change(values)));
    expect(result.current.extraErrors).toMatchObject({ code: { __errors: ['این کد تکراری است.'] } });
    expect(result.current.messages).toContain('سقف اعتبار گذشته است.');
    act(() => result.current.onChange(change({ ...values, code: 'C2' })));
    expect(result.current.extraErrors).not.toHaveProperty('code');
  });

  it('is read-only when asked and keeps its values', () => {
    const { result } = controller(customer, { readOnly: true, values: { code: 'C1' } });
    expect(result.current.readOnly).toBe(true);
    expect(result.current.formData.code).toBe('C1');
  });
});

describe('useFormValidators', () => {
  it('answers given validators at once', () => {
    const given = validatorsFor(customer);
    const { result } = renderHook(() => useFormValidators(customer, given));
    expect(result.current).toEqual({ validators: given, failed: false });
  });

  it('reports validators that cannot be loaded as failed', async () => {
    // a definition without validator modules: loadValidators refuses it
    const bare = { ...customer, validators: undefined } as EntityDefinition;
    const { result } = renderHook(() => useFormValidators(bare));
    expect(result.current).toEqual({ validators: null, failed: false });
    await waitFor(() => expect(result.current.failed).toBe(true));
  });
});
