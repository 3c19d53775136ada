/**
 * The form's loading path for server-precompiled validators (renderers/form/precompiled.ts): modules
 * imported from the definition's URLs, the RJSF wrapper following the form's required list, and
 * the form's own message when the modules cannot be loaded.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, render, screen } from '@testing-library/react';
import type { RJSFSchema } from '@rjsf/utils';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { EntityForm } from '../../../renderers/form/EntityForm';
import {
  loadedValidators,
  loadValidators,
  recordValidator,
  type ModuleImporter,
} from '../../../renderers/form/precompiled';
import type { EntityDefinition } from '../../../runtime/shared/definition';
import type { ValidatorModule } from '../../../runtime/shared/validatorRuntime';
import { standaloneModule, validationSchema } from '../../../server/definitions/validators';
import { customer, invoice } from './defs';
import { setupFormDom } from '../support/formDom';
import { precompiled } from './validators';

vi.setConfig({ testTimeout: 20_000 });
beforeAll(setupFormDom);
afterEach(cleanup);

// inside the project: the test runner imports files under its root only
const cache = join(process.cwd(), 'node_modules', '.cache');
mkdirSync(cache, { recursive: true });
const dir = mkdtempSync(join(cache, 'form-validators-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Server module texts by fake URL; the importer reads them as ES module files. */
function served(def: EntityDefinition): {
  def: EntityDefinition;
  importer: ModuleImporter;
  imported: string[];
} {
  const files: Record<string, string> = {};
  const url = (part: string) => `/api/validators/${def.module}/${def.name}/${part}.${Math.random()}.js`;
  const record = url('record');
  files[record] = standaloneModule(validationSchema(def.schema));
  const children: Record<string, string> = {};
  for (const [name, child] of Object.entries(def.children ?? {})) {
    children[name] = url(name);
    files[children[name]] = standaloneModule(validationSchema(child.schema));
  }
  const imported: string[] = [];
  const importer: ModuleImporter = async (u) => {
    imported.push(u);
    const file = join(dir, `${imported.length}-${Math.random()}.mjs`);
    writeFileSync(file, files[u]!);
    return (await import(/* @vite-ignore */ file)) as ValidatorModule;
  };
  return { def: { ...def, validators: { record, children } }, importer, imported };
}

describe('precompiled validators', () => {
  it('imports the record and line modules named by the definition, each once', async () => {
    const { def, importer, imported } = served(invoice);
    expect(loadedValidators(def)).toBeNull();
    const v = await loadValidators(def, importer);
    await loadValidators(def, importer);
    expect(imported).toHaveLength(2);
    expect(loadedValidators(def)).toEqual(v);
    expect(v.children.lines!({ item: 'پیچ', quantity: 2, unitPrice: 10 })).toBe(true);
    expect(v.children.lines!({ item: 'پیچ', quantity: 0, unitPrice: 10 })).toBe(false);
    expect(v.children.lines!.errors?.[0]).toMatchObject({ keyword: 'minimum', instancePath: '/quantity' });
  });

  it('refuses a definition that carries no validators', async () => {
    await expect(loadValidators(customer)).rejects.toThrow(/carries no validators/);
  });

  it('gives RJSF a validator that follows the required list of the schema shown', () => {
    const record = precompiled(customer.schema);
    const base = { type: 'object', properties: customer.schema.properties, required: ['code'] } as RJSFSchema;
    const plain = recordValidator(record, base);
    // name and customerType are required by the server's schema but not by this form state
    expect(plain.validateFormData({ code: 'C-1' }, base).errors).toEqual([]);
    const more = { ...base, required: ['code', 'mobile'] } as RJSFSchema;
    const errors = recordValidator(record, more).validateFormData({ code: 'C-1' }, more).errors;
    expect(errors.map((e) => [e.name, e.property])).toEqual([['required', 'mobile']]);
    // values are validated as sent: Persian digits in a Western-digit pattern and format
    const ok = recordValidator(record, base).validateFormData({ code: '۹۹۰۱', mobile: '۰۹۱۲۱۲۳۴۵۶۷' }, base);
    expect(ok.errors).toEqual([]);
    const bad = recordValidator(record, base).validateFormData({ code: 'C 1', mobile: '0912' }, base);
    expect(bad.errors.map((e) => e.name).sort()).toEqual(['format', 'pattern']);
  });

  it('shows the form once its modules are loaded, and a message when they cannot be', async () => {
    const { def, importer } = served(customer);
    await loadValidators(def, importer);
    render(
      <FluentProvider theme={webLightTheme} dir="rtl">
        <EntityForm definition={def} lang="fa" />
      </FluentProvider>,
    );
    expect(screen.getByRole('textbox', { name: 'کد مشتری' })).toBeTruthy();

    const broken = { ...customer, validators: { record: '/nowhere.js', children: {} } };
    render(
      <FluentProvider theme={webLightTheme} dir="rtl">
        <EntityForm definition={broken} lang="fa" />
      </FluentProvider>,
    );
    expect(await screen.findByText(/اعتبارسنجی فرم بارگذاری نشد/)).toBeTruthy();
  });
});
