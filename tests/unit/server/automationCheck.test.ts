/**
 * The checks of a definition's `automations` (server/definitions/automationCheck.ts, the schema's
 * `automations`, docs/automations.md) and the shared helpers (runtime/shared/automation.ts).
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import Ajv from 'ajv';
import type { EntityDefinition } from '../../../runtime/shared/definition';
import { fillTemplate, parseEvent, placeholders } from '../../../runtime/shared/automation';
import {
  automationExpressions,
  automationLookupProblems,
  automationProblems,
} from '../../../server/definitions/automationCheck';
import { backoffMs, BACKOFF_BASE_MS, signBody } from '../../../server/automations/webhooks';
import { addDays } from '../../../server/automations/scheduler';

const read = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as EntityDefinition;
const invoice = read('schemas/sales/invoice.json');
const customer = read('schemas/sales/customer.json');
const endpoint = read('schemas/security/webhookEndpoint.json');
const defOf = (key: string) => ({ 'sales.customer': customer, 'security.webhookEndpoint': endpoint })[key];
const keys = (problems: { path: string; key: string }[]) => problems.map((p) => `${p.path} ${p.key}`);

describe('the automations declaration check', () => {
  it('accepts the shipped sales invoice automation', () => {
    expect(invoice.automations?.length).toBeGreaterThan(0);
    expect(automationProblems(invoice)).toEqual([]);
    expect(automationLookupProblems(invoice, defOf)).toEqual([]);
    expect(automationExpressions(invoice).map(([at]) => at)).toEqual(['/automations/0/when']);
  });

  it('names each part of a declaration that is wrong', () => {
    const bad: EntityDefinition = {
      ...invoice,
      lifecycle: undefined,
      automations: [
        { name: 'a', on: 'finalised', actions: [{ setField: { field: 'number', value: 1 } }] },
        {
          name: 'a',
          on: 'changed:nothing',
          offsetDays: 2,
          actions: [{ setField: { field: 'total', value: 1 } }],
        },
        {
          name: 'b',
          on: 'dateReached:description',
          phase: 'inTransaction',
          actions: [{ notify: { role: 'admin', user: 'staff', text: { fa: '{number} {secret}' } } }],
        },
        { name: 'c', on: 'created', actions: [{ notify: { text: { fa: 'x', en: '{nope}' } } }] },
      ],
    };
    expect(keys(automationProblems(bad))).toEqual([
      '/automations/0/on automationLifecycle',
      // the number is the numbering's (read-only)
      '/automations/0/actions/0/setField/field automationSetField',
      '/automations/1/name automationName',
      '/automations/1/on automationEventField',
      '/automations/1/offsetDays automationOffset',
      '/automations/1/actions/0/setField/field automationSetField',
      '/automations/2/on automationEventField',
      '/automations/2/phase automationDatePhase',
      '/automations/2/actions/0/notify automationRecipient',
      '/automations/2/actions/0/notify/text/fa automationPlaceholder',
      '/automations/3/actions/0/notify automationRecipient',
      '/automations/3/actions/0/notify/text/en automationPlaceholder',
    ]);
  });

  it('a created document names an entity others may write, and its fields', () => {
    const def: EntityDefinition = {
      ...invoice,
      automations: [
        {
          name: 'make',
          on: 'created',
          actions: [
            { createDocument: { entity: 'sales.customer', template: { name: 'x', nowhere: 1 } } },
            { createDocument: { entity: 'security.webhookEndpoint', template: { name: 'x' } } },
            { createDocument: { entity: 'no.such', template: {} } },
          ],
        },
      ],
    };
    expect(keys(automationLookupProblems(def, defOf))).toEqual([
      '/automations/0/actions/0/createDocument/template/nowhere automationTemplateField',
      '/automations/0/actions/1/createDocument/entity automationWrites',
      '/automations/0/actions/2/createDocument/entity automationEntity',
    ]);
  });

  it('the schema refuses a URL as a webhook endpoint and an unknown event', () => {
    const schema = JSON.parse(readFileSync('schemas/definition.schema.json', 'utf8')) as {
      properties: { automations: object };
      definitions: object;
    };
    const ajv = new Ajv({ strict: false });
    const validate = ajv.compile({ ...schema.properties.automations, definitions: schema.definitions });
    const one = (on: string, endpoint: string) => [{ name: 'x', on, actions: [{ webhook: { endpoint } }] }];
    expect(validate(one('finalised', 'erp-events'))).toBe(true);
    expect(validate(one('finalised', 'https://evil.example/x'))).toBe(false);
    expect(validate(one('finalised', '127.0.0.1:80'))).toBe(false);
    expect(validate(one('deleted', 'erp-events'))).toBe(false);
    expect(validate(one('dateReached:dueDate', 'erp-events'))).toBe(true);
  });
});

describe('automation helpers', () => {
  it('parses events and fills text templates', () => {
    expect(parseEvent('changed:amount')).toEqual({ kind: 'changed', field: 'amount' });
    expect(parseEvent('created')).toEqual({ kind: 'created', field: null });
    expect(placeholders('فاکتور {number} برای {customer}')).toEqual(['number', 'customer']);
    expect(fillTemplate('{a} و {b}', (f) => f.toUpperCase())).toBe('A و B');
  });

  it('signs with HMAC-SHA256 and backs off exponentially', () => {
    // the RFC 4231 test case 2 key and data
    expect(signBody('Jefe', 'what do ya want for nothing?')).toBe(
      'sha256=5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
    expect([1, 2, 3, 4].map(backoffMs)).toEqual([1, 2, 4, 8].map((k) => k * BACKOFF_BASE_MS));
  });

  it('counts days across months and years', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});
