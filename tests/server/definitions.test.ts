import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../server/config';
import { loadDefinitions } from '../../server/definitions/load';
import { buildApp } from '../../server/app';
import { PASSWORD, SECRET, call, freshDatabase, signIn } from './helpers';

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

  it('cross-checks child tables and refuses rule operations outside the whitelist', () => {
    const editVoucher = (change: (def: Json) => void) =>
      withSchemas((dir) => {
        const file = join(dir, 'accounting/voucher.json');
        const def = JSON.parse(readFileSync(file, 'utf8')) as Json;
        change(def);
        writeFileSync(file, JSON.stringify(def));
      });
    expect(editVoucher((d) => delete d.children.lines.fields.debit)).toThrow(
      /voucher\.json: \/children\/lines\/fields: missing entry for 'debit'/,
    );
    expect(editVoucher((d) => (d.rules.rules[0].assert = { method: [{ var: 'x' }, 'toString'] }))).toThrow(
      /voucher\.json: \/rules\/rules\/0: operation 'method' not allowed/,
    );
    expect(editVoucher((d) => (d.rules.computed.ghost = 1))).toThrow(
      /\/rules\/computed\/ghost: unknown field/,
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

  it('adds the columns of new fields to an existing table at the next start', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'erp-schemas-'));
    const db = await freshDatabase('sqlite');
    const config = {
      databaseUrl: db.url,
      jwtSecret: Buffer.from(SECRET),
      demoPassword: PASSWORD,
      staticDir: dir,
    };
    try {
      cpSync(join(PROJECT_ROOT, 'schemas'), dir, { recursive: true });
      await (await buildApp({ logger: false, config, definitionsDir: dir })).close();
      editCustomer(dir, (d) => {
        // a field the shipped customer does not have (it has a postal code since #22)
        d.schema.properties.landline = { type: 'string', pattern: '^[0-9]{10}$' };
        d.fields.landline = { label: { fa: 'تلفن ثابت', en: 'Landline' }, filterable: true };
      });
      const app = await buildApp({ logger: false, config, definitionsDir: dir });
      try {
        const t = (await signIn(app, 'staff')).access_token;
        const values = {
          code: 'C-7000',
          name: 'پستی',
          customerType: 'person',
          nationalCode: '0499370899',
          landline: '۱۲۳۴۵۶۷۸۹۰',
        };
        const created = await call<Record<string, unknown>>(app, 'Sales/Customer/Create', t, { values });
        expect(created.status).toBe(200);
        expect(created.body.Data.landline).toBe('1234567890');
        const old = await call<{ lastRow: number }>(app, 'Sales/Customer/GetList', t, {
          startRow: 0,
          endRow: 1,
          filterModel: { landline: { filterType: 'text', type: 'blank' } },
        });
        expect(old.body.Data.lastRow).toBe(40);
      } finally {
        await app.close();
      }
    } finally {
      db.cleanup();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
