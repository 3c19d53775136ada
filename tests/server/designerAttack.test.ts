/**
 * Issue #20, the designer's publish path attacked through the public API as the seeded analyst:
 * reading data it cannot see (admin-only modules, hidden fields, lookups), switching off row
 * isolation, stalling the server (expression bombs, catastrophic patterns), and definitions that
 * answered 500 (names clashing with system columns or Object.prototype, invalid patterns). Every
 * refusal is a 417 naming the JSON path, on Plan as on Publish; admin still may where the issue says.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { EntityDefinition, EntityRow } from '../../runtime/shared/definition';
import type { ListPage } from '../../runtime/shared/envelope';
import type { Expr } from '../../runtime/shared/rules';
import { DIALECTS, call, freshDatabase, makeApp, signIn, type TestDb } from './helpers';

type Def = EntityDefinition;
const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/** A new entity of the analyst's, with `extra` fields and rules. */
function probe(name: string, extra: Partial<Def> = {}, props: Def['schema']['properties'] = {}): Def {
  const properties = { title: { type: 'string' as const, maxLength: 100 }, ...props };
  return {
    name,
    module: 'common',
    title: { fa: 'آزمون', en: 'Probe' },
    displayField: 'title',
    schema: { type: 'object', properties },
    fields: Object.fromEntries(Object.keys(properties).map((k) => [k, { label: { fa: k } }])),
    list: { columns: ['title'] },
    ...extra,
  };
}

/** Nested reduce over literal arrays: n³ steps, unbounded it blocked the server for many seconds. */
function reduceBomb(n: number): Expr {
  const items = Array.from({ length: n }, (_, i) => i);
  const inner = (body: Expr): Expr => ({ reduce: [items, body, { var: 'accumulator' }] });
  return { reduce: [items, inner(inner({ '+': [{ var: 'accumulator' }, 1] })), 0] };
}

describe.each(DIALECTS)('designer publish attacks on %s', (dialect) => {
  let db: TestDb;
  let app: FastifyInstance;
  const tok: Record<string, string> = {};
  const fields = (res: { body: { ServerMessageTexts?: { FieldName: string; Message: string }[] } }) =>
    (res.body.ServerMessageTexts ?? []).map((m) => m.FieldName);
  const getDef = async (key: string) =>
    (await call<{ definition: Def }>(app, 'SystemConfig/Designer/Get', tok.admin!, { key })).body.Data
      .definition;
  /** Plan and Publish of `def` as `who`: both 417 naming `path`. */
  async function refused(who: string, def: Def, path: string): Promise<void> {
    for (const route of ['SystemConfig/Designer/Plan', 'SystemConfig/Designer/Publish']) {
      const res = await call(app, route, tok[who]!, { definition: def, acceptBreaking: true });
      expect(res.status, `${route} ${path}`).toBe(417);
      expect(fields(res), route).toContain(path);
    }
  }

  beforeAll(async () => {
    db = await freshDatabase(dialect);
    app = await makeApp(db.url);
    for (const u of ['admin', 'analyst', 'customer']) tok[u] = (await signIn(app, u)).access_token;
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    db?.cleanup();
  });

  it('refuses the analyst a publish in the security module; admin may plan one', async () => {
    const def = clone(await getDef('security.passwordResetRequest'));
    def.schema.properties.copied = { type: 'string' };
    def.fields.copied = { label: { fa: 'رونوشت' } };
    def.rules = { computed: { copied: { var: 'temporaryPassword' } } };
    await refused('analyst', def, '/module');
    // a new entity in the security module is refused as well
    await refused('analyst', { ...probe('stolen'), module: 'security' }, '/module');
    const admin = await call(app, 'SystemConfig/Designer/Plan', tok.admin!, { definition: def });
    expect(admin.status).toBe(200);
  });

  it('refuses every read of a field hidden for the publisher: computed, rules, conditions, lookups', async () => {
    const saved = await call(app, 'Security/Permission/Save', tok.admin!, {
      role: 'analyst',
      entities: [{ key: 'sales.customer', permissions: { view: true }, fields: { creditLimit: 'hidden' } }],
    });
    expect(saved.status).toBe(200);
    const customer = await getDef('sales.customer');
    const withCopy = (rules: Def['rules']) => {
      const def = clone(customer);
      def.schema.properties.note2 = { type: 'string' };
      def.fields.note2 = { label: { fa: 'یادداشت' } };
      def.rules = rules;
      return def;
    };
    await refused(
      'analyst',
      withCopy({ computed: { note2: { cat: ['x', { var: 'creditLimit' }] } } }),
      '/rules/computed/note2',
    );
    await refused(
      'analyst',
      withCopy({
        rules: [{ id: 'leak', assert: { '<': [{ var: 'creditLimit' }, 5] }, message: { fa: 'x' } }],
      }),
      '/rules/rules/0/assert',
    );
    await refused(
      'analyst',
      withCopy({ conditions: { note2: { visible: { missing: ['creditLimit'] } } } }),
      '/rules/conditions/note2/visible',
    );
    // a broken rule's message shows its values; a default value is stored in a field the analyst sees
    await refused(
      'analyst',
      withCopy({
        rules: [
          {
            id: 'leak',
            assert: false,
            message: { fa: '{{limit}}' },
            params: { limit: { var: 'creditLimit' } },
          },
        ],
      }),
      '/rules/rules/0/params/limit',
    );
    await refused(
      'analyst',
      withCopy({ defaults: { note2: { cat: ['x', { var: 'creditLimit' }] } } }),
      '/rules/defaults/note2',
    );
    // a variable whose name is computed could name the hidden field
    await refused(
      'analyst',
      withCopy({ computed: { note2: { var: { cat: ['credit', 'Limit'] } } } }),
      '/rules/computed/note2',
    );
    const shown = clone(customer);
    shown.displayField = 'creditLimit';
    await refused('analyst', shown, '/displayField');
    // a lookup from a new entity shown by the hidden field, or to an entity the analyst may not view
    const byLimit = probe('limitLookup', {}, { who: { type: 'integer' } });
    byLimit.fields.who = {
      label: { fa: 'مشتری' },
      lookup: { entity: 'sales.customer', displayField: 'creditLimit' },
    };
    await refused('analyst', byLimit, '/fields/who/lookup/displayField');
    const toSecurity = probe('resetLookup', {}, { reset: { type: 'integer' } });
    toSecurity.fields.reset = {
      label: { fa: 'درخواست' },
      lookup: { entity: 'security.passwordResetRequest', displayField: 'temporaryPassword' },
    };
    await refused('analyst', toSecurity, '/fields/reset/lookup/entity');
    // visible fields stay publishable by the analyst; admin may read the hidden one
    const fine = withCopy({ computed: { note2: { cat: ['x', { var: 'name' }] } } });
    const planned = await call(app, 'SystemConfig/Designer/Plan', tok.analyst!, { definition: fine });
    expect(planned.status).toBe(200);
    const admin = withCopy({ computed: { note2: { cat: ['x', { var: 'creditLimit' }] } } });
    expect((await call(app, 'SystemConfig/Designer/Plan', tok.admin!, { definition: admin })).status).toBe(
      200,
    );
  });

  it('refuses declaring again a removed field that is hidden for the publisher (its column keeps the values)', async () => {
    const box = probe('secretBox', {}, { secret: { type: 'string' } });
    expect((await call(app, 'SystemConfig/Designer/Publish', tok.analyst!, { definition: box })).status).toBe(
      200,
    );
    const created = await call(app, 'Common/SecretBox/Create', tok.admin!, {
      values: { title: 't', secret: 's3' },
    });
    expect(created.status).toBe(200);
    const hide = await call(app, 'Security/Permission/Save', tok.admin!, {
      role: 'analyst',
      entities: [
        { key: 'common.secretBox', permissions: { view: true, edit: true }, fields: { secret: 'hidden' } },
      ],
    });
    expect(hide.status).toBe(200);
    const without = probe('secretBox');
    const removed = await call(app, 'SystemConfig/Designer/Publish', tok.admin!, {
      definition: without,
      acceptBreaking: true,
    });
    expect(removed.status).toBe(200);
    await refused('analyst', box, '/schema/properties/secret');
  });

  it('keeps the row scope of a shipped definition: refused to the analyst, a breaking change for admin', async () => {
    const unscoped = clone(await getDef('sales.customer'));
    delete unscoped.scope;
    await refused('analyst', unscoped, '/scope');
    const widened = clone(await getDef('sales.customer'));
    widened.scope = { party: 'code', partyKind: 'customer' };
    await refused('analyst', widened, '/scope');
    const plan = await call<{
      changes: { kind: string; breaking: boolean; message: string }[];
      breaking: boolean;
    }>(app, 'SystemConfig/Designer/Plan', tok.admin!, { definition: unscoped });
    expect(plan.status).toBe(200);
    expect(plan.body.Data.breaking).toBe(true);
    const change = plan.body.Data.changes.find((c) => c.kind === 'changeScope');
    expect(change).toMatchObject({ breaking: true });
    expect(change!.message).toContain('customer');
    const notAccepted = await call(app, 'SystemConfig/Designer/Publish', tok.admin!, {
      definition: unscoped,
    });
    expect(notAccepted.status).toBe(417);
    const seen = await call<ListPage<EntityRow>>(app, 'Sales/Customer/GetList', tok.customer!, {});
    expect(seen.status).toBe(200);
    expect(seen.body.Data.rows).toHaveLength(1);
  });

  it('refuses expression bombs and catastrophic patterns at publish, quickly', async () => {
    const started = Date.now();
    const doubling = {
      reduce: [
        Array.from({ length: 60 }, (_, i) => i),
        { merge: [{ var: 'accumulator' }, { var: 'accumulator' }] },
        [1],
      ],
    };
    await refused(
      'analyst',
      probe('bombA', { rules: { computed: { title: doubling } } }),
      '/rules/computed/title',
    );
    await refused(
      'analyst',
      probe('bombB', { rules: { computed: { title: reduceBomb(150) } } }),
      '/rules/computed/title',
    );
    const deep = probe('bombC', { rules: { computed: { title: reduceBomb(300) } } });
    await refused('analyst', deep, '/rules/computed/title'); // literal arrays over the size limit
    for (const pattern of ['^(a|aa)+$', '^(a+)+$', '^(\\d*)*x$'])
      await refused(
        'analyst',
        probe('regex', {}, { code: { type: 'string', pattern } }),
        '/schema/properties/code/pattern',
      );
    expect(Date.now() - started).toBeLessThan(10_000); // ten refused requests, each far below a second
  });

  it('stops an evaluation over budget with a 417 instead of holding the server', async () => {
    // cheap over no data (so Publish accepts it), a bomb once `trigger` is set
    const trap = { if: [{ var: 'trigger' }, reduceBomb(200), 'ok'] };
    const def = probe(
      'budgetTrap',
      { rules: { computed: { title: trap } } },
      { trigger: { type: 'boolean' } },
    );
    const published = await call(app, 'SystemConfig/Designer/Publish', tok.analyst!, { definition: def });
    expect(published.status).toBe(200);
    const calm = await call(app, 'Common/BudgetTrap/Create', tok.analyst!, { values: { trigger: false } });
    expect(calm.status).toBe(200);
    const started = Date.now();
    const stopped = await call(app, 'Common/BudgetTrap/Create', tok.analyst!, { values: { trigger: true } });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(stopped.status).toBe(417);
  });

  it('answers 417 with the JSON path for names and patterns that Publish would fail on', async () => {
    const cases: [Def, string][] = [
      [probe('clashA', {}, { iD: { type: 'string' } }), '/schema/properties/iD'],
      [probe('clashB', {}, { vErsion: { type: 'integer' } }), '/schema/properties/vErsion'],
      [probe('clashC', {}, { createdby: { type: 'string' } }), '/schema/properties/createdby'],
      [probe('clashD', {}, { constructor: { type: 'string' as const } }), '/schema/properties/constructor'],
      [probe('clashE', {}, { toString: { type: 'string' as const } }), '/schema/properties/toString'],
      [probe('clashF', {}, { tItle: { type: 'string' } }), '/schema/properties/tItle'],
      [probe('clashG', {}, { amountPrev2: { type: 'string' } }), '/schema/properties/amountPrev2'],
      [probe('badRegex', {}, { code: { type: 'string', pattern: '(' } }), '/schema/properties/code/pattern'],
    ];
    // keywords of another type made ajv's strict mode throw while compiling the validators: 500
    cases.push([probe('kwA', {}, { n: { type: 'string', minimum: 1 } }), '/schema/properties/n/minimum']);
    cases.push([
      probe('kwB', {}, { n: { type: 'integer', pattern: '^1$' } }),
      '/schema/properties/n/pattern',
    ]);
    for (const [def, path] of cases) await refused('analyst', def, path);
    const lines = probe('clashH', {
      children: {
        lines: {
          label: { fa: 'اقلام' },
          schema: { type: 'object', properties: { lineNO: { type: 'integer' } } },
          fields: { lineNO: { label: { fa: 'x' } } },
        },
      },
    });
    await refused('analyst', lines, '/children/lines/schema/properties/lineNO');
    // the entity stays usable: none of them was published
    const list = await call<{ key: string }[]>(app, 'SystemConfig/Designer/List', tok.analyst!, {});
    expect(list.body.Data.map((e) => e.key).filter((k) => k.startsWith('common.clash'))).toEqual([]);
  });

  it('keeps a changed column under a free name and publishes type changes back and forth', async () => {
    const v1 = probe('retyped', {}, { amount: { type: 'string' } });
    expect((await call(app, 'SystemConfig/Designer/Publish', tok.analyst!, { definition: v1 })).status).toBe(
      200,
    );
    expect(
      (await call(app, 'Common/Retyped/Create', tok.analyst!, { values: { title: 'a', amount: '12' } }))
        .status,
    ).toBe(200);
    const v2 = probe('retyped', {}, { amount: { type: 'integer' } });
    expect(
      (
        await call(app, 'SystemConfig/Designer/Publish', tok.analyst!, {
          definition: v2,
          acceptBreaking: true,
        })
      ).status,
    ).toBe(200);
    const back = await call(app, 'SystemConfig/Designer/Publish', tok.analyst!, {
      definition: v1,
      acceptBreaking: true,
    });
    expect(back.status).toBe(200);
    const rows = await call<ListPage<EntityRow>>(app, 'Common/Retyped/GetList', tok.analyst!, {});
    expect(rows.body.Data.rows.map((r) => r.amount)).toEqual(['12']);
  });
});
