import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../server/config';
import { loadDefinitions } from '../../server/definitions/load';

function withSchemas(edit: (dir: string) => void): () => unknown {
  return () => {
    const dir = mkdtempSync(join(tmpdir(), 'erp-schemas-'));
    try {
      cpSync(join(PROJECT_ROOT, 'schemas'), dir, { recursive: true });
      edit(dir);
      return loadDefinitions(dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
}

// Free-form edits of a JSON document in tests: its shape is whatever the test breaks.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

function editCustomer(dir: string, change: (def: Json) => void): void {
  const file = join(dir, 'sales/customer.json');
  const def = JSON.parse(readFileSync(file, 'utf8')) as Json;
  change(def);
  writeFileSync(file, JSON.stringify(def));
}

describe('definition loading', () => {
  it('loads the shipped definitions', () => {
    const keys = loadDefinitions().map((d) => `${d.module}.${d.name}`);
    expect(keys).toEqual(
      expect.arrayContaining([
        'sales.customer',
        'supplyChain.vendor',
        'accounting.fiscalPeriod',
        'security.passwordResetRequest',
      ]),
    );
  });

  it('names the file and JSON path of a schema violation', () => {
    const load = withSchemas((dir) => editCustomer(dir, (d) => delete d.fields.code.label.fa));
    expect(load).toThrow(/sales\/customer\.json: \/fields\/code\/label: must have required property 'fa'/);
  });

  it('cross-checks fields, columns and scope', () => {
    expect(withSchemas((dir) => editCustomer(dir, (d) => delete d.fields.city))).toThrow(
      /customer\.json: \/fields: missing entry for property 'city'/,
    );
    expect(withSchemas((dir) => editCustomer(dir, (d) => d.list.columns.push('ghost')))).toThrow(
      /\/list\/columns\/8: unknown field 'ghost'/,
    );
    expect(withSchemas((dir) => editCustomer(dir, (d) => (d.scope.party = 'nobody')))).toThrow(
      /\/scope\/party: unknown field 'nobody'/,
    );
    expect(
      withSchemas((dir) => editCustomer(dir, (d) => (d.schema.properties['bad name'] = { type: 'string' }))),
    ).toThrow(/customer\.json/);
  });
});
