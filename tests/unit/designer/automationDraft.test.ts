// @vitest-environment node
/**
 * The automations tab's draft logic (renderers/designer/automationDraft.ts): a definition's
 * automations to drafts and back, the problems an analyst is shown (the shared publish checks of
 * runtime/shared/automationCheck.ts and the draft's own) as Persian texts.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { EntityDefinition } from '../../../runtime/shared/definition';
import { namesOf } from '../../../runtime/shared/formula';
import {
  automationsOfDrafts,
  draftProblems,
  draftsOf,
  newAction,
  newDraft,
  restyleDrafts,
  textWithKeys,
  textWithLabels,
  typed,
  withEvent,
  type AutomationDraft,
  type CheckContext,
} from '../../../renderers/designer/automationDraft';
import { eventFields, templateFields, writableFields } from '../../../renderers/designer/automationFields';

const read = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as EntityDefinition;
const invoice = read('schemas/sales/invoice.json');
const customer = read('schemas/sales/customer.json');
const fa = JSON.parse(readFileSync('src/public/assets/i18n/share/fa.json', 'utf8')) as Record<
  string,
  unknown
>;

/** The Persian text of an i18n key with its values (as i18next fills `{{name}}`). */
function persian(key: string, params: Record<string, unknown>): string {
  let node: unknown = fa;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`no Persian text for ${key}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(params[k]));
}

const names = namesOf(invoice);
const check: CheckContext = {
  defOf: (k) => ({ 'sales.customer': customer })[k],
  entities: new Set(['sales.customer', 'sales.invoice']),
  endpoints: new Set(['erp-events']),
};
const texts = (def: EntityDefinition, drafts: AutomationDraft[]) =>
  draftProblems(def, drafts, check).problems.map(
    (p) => `${p.automation}${p.action === undefined ? '' : `.${p.action}`} ${persian(p.key, p.params)}`,
  );

describe('automation drafts', () => {
  it('give back the shipped invoice automation identical (byte for byte), in words and in keys', () => {
    const shipped = invoice.automations!;
    for (const style of ['fa', 'en', 'key'] as const) {
      const drafts = draftsOf(shipped, names, style);
      const made = automationsOfDrafts(drafts);
      expect(made.problems).toEqual([]);
      expect(JSON.stringify(made.automations)).toBe(JSON.stringify(shipped));
    }
    const drafts = draftsOf(shipped, names, 'fa');
    expect(drafts[0]).toMatchObject({
      name: 'largeInvoiceFinalised',
      event: 'finalised',
      phase: 'afterCommit',
    });
    // the condition is shown as a formula in words over the labels
    expect(drafts[0]!.when.text).toBe(`[${invoice.fields.grandTotal!.label.fa}] > ۲۰۰۰۰۰۰۰۰۰`);
    expect(draftProblems(invoice, drafts, check).problems).toEqual([]);
  });

  it('a condition typed again compiles to the same JSON Logic', () => {
    const drafts = draftsOf(invoice.automations, names, 'fa');
    const again = { ...drafts[0]!, when: typed(drafts[0]!.when.text, names) };
    expect(again.when.error).toBeUndefined();
    expect(automationsOfDrafts([again]).automations![0]!.when).toEqual(invoice.automations![0]!.when);
    // and with the technical names
    const keys = restyleDrafts([again], names, 'key');
    expect(keys[0]!.when.text).toBe('grandTotal > 2000000000');
  });

  it('a new automation «on created, when amount > X, notify a role» makes the declaration', () => {
    let d = newDraft(draftsOf(invoice.automations, names, 'fa'));
    expect(d.name).toBe('automation2');
    d = { ...d, name: 'bigNew', when: typed(`[${invoice.fields.grandTotal!.label.fa}] > ۵۰۰`, names) };
    const notify = newAction('notify');
    d.actions = [
      { ...notify, kind: 'notify', to: 'role', role: 'staff', user: '', fa: 'فاکتور {number}', en: '' },
    ];
    const made = automationsOfDrafts([d]);
    expect(made.problems).toEqual([]);
    expect(made.automations).toEqual([
      {
        name: 'bigNew',
        on: 'created',
        when: { '>': [{ var: 'grandTotal' }, 500] },
        actions: [{ notify: { role: 'staff', text: { fa: 'فاکتور {number}' } } }],
      },
    ]);
  });

  it('the event keeps only what it takes', () => {
    const d: AutomationDraft = { ...newDraft([]), phase: 'inTransaction' };
    const dated = { ...withEvent(d, 'dateReached'), field: 'dueDate', offsetDays: -2 };
    expect(dated.phase).toBeUndefined();
    expect(
      automationsOfDrafts([{ ...dated, actions: [newAction('webhook')] }]).automations![0],
    ).toMatchObject({
      on: 'dateReached:dueDate',
      offsetDays: -2,
    });
    const back = withEvent(dated, 'created');
    expect(back.field).toBe('');
    expect(back.offsetDays).toBeUndefined();
  });

  it('invalid drafts give their problems in Persian, by automation and action', () => {
    const bad: AutomationDraft[] = [
      {
        name: 'Bad name',
        event: 'changed',
        field: '',
        when: typed('[نیست] > ۱', names),
        actions: [],
      },
      {
        name: 'twice',
        event: 'created',
        field: '',
        when: typed('', names),
        actions: [
          { kind: 'setField', field: '', value: typed('۱', names) },
          { kind: 'notify', to: 'role', role: '', user: '', fa: '', en: '' },
          { kind: 'webhook', endpoint: '' },
          { kind: 'createDocument', entity: '', template: [] },
        ],
      },
    ];
    expect(texts(invoice, bad)).toEqual([
      `0 ${fa_('problem.name')}`,
      `0 ${fa_('problem.eventField')}`,
      `0 ${fa_('problem.noActions')}`,
      `0 ${fa_('problem.formula')}`,
      `1.0 ${fa_('problem.field')}`,
      `1.1 ${fa_('problem.role')}`,
      `1.1 ${fa_('problem.textFa')}`,
      `1.2 ${fa_('problem.endpoint')}`,
      `1.3 ${fa_('problem.entity')}`,
    ]);
  });

  it('complete drafts get the publish checks: read-only field, placeholder, endpoint, target field, lifecycle', () => {
    const plain: EntityDefinition = { ...invoice, lifecycle: undefined };
    const drafts: AutomationDraft[] = [
      {
        name: 'one',
        event: 'finalised',
        field: '',
        when: typed('', names),
        actions: [
          { kind: 'setField', field: 'number', value: typed('۱', names) },
          { kind: 'notify', to: 'role', role: 'staff', user: '', fa: '{nothing} و {هیچ}', en: '' },
          { kind: 'webhook', endpoint: 'nowhere' },
          {
            kind: 'createDocument',
            entity: 'sales.customer',
            template: [{ field: 'nope', value: typed('۱', names) }],
          },
        ],
      },
      { ...draftsOf(invoice.automations, names, 'fa')[0]!, name: 'one' },
    ];
    const got = texts(plain, drafts);
    expect(got).toEqual([
      `0 ${persian('designerCheck.automationLifecycle', { event: 'finalised' })}`,
      `0.0 ${persian('designerCheck.automationSetField', { field: 'number' })}`,
      `0.1 ${persian('designerCheck.automationPlaceholder', { field: 'nothing' })}`,
      `1 ${persian('designerCheck.automationName', { name: 'one' })}`,
      `1 ${persian('designerCheck.automationLifecycle', { event: 'finalised' })}`,
      `0.3 ${persian('designerCheck.automationTemplateField', { field: 'nope', entity: 'sales.customer' })}`,
      `0.2 ${persian('automationDesigner.check.automationEndpoint', { endpoint: 'nowhere' })}`,
      `0.1 ${persian('designerCheck.automationPlaceholder', { field: 'هیچ' })}`,
    ]);
    // an endpoint the definition in force names already stays allowed (as on the server)
    const before = draftProblems(plain, drafts, { ...check, endpointsBefore: new Set(['nowhere']) });
    expect(before.problems.some((p) => p.key.endsWith('automationEndpoint'))).toBe(false);
  });

  it('a notification text shows fields by label and stores their keys', () => {
    const fields = [
      { key: 'number', label: 'شماره' },
      { key: 'grandTotal', label: 'جمع کل' },
    ];
    const stored = invoice.automations![0]!.actions[0]!;
    const text = 'notify' in stored ? stored.notify.text.fa : '';
    const shown = textWithLabels('فاکتور {number} به مبلغ {grandTotal}', fields);
    expect(shown).toBe('فاکتور {شماره} به مبلغ {جمع کل}');
    expect(textWithKeys(shown, fields)).toBe('فاکتور {number} به مبلغ {grandTotal}');
    expect(textWithKeys(textWithLabels(text, fields), fields)).toBe(text);
  });

  it('pickers offer fields by label: dates for a date reached, writable ones for a set field', () => {
    expect(eventFields(invoice, 'dateReached', 'fa').every((f) => f.key.toLowerCase().includes('date'))).toBe(
      true,
    );
    const writable = writableFields(invoice, 'fa').map((f) => f.key);
    expect(writable).not.toContain('number');
    expect(writable).toContain('customer');
    expect(templateFields(invoice, 'fa').map((f) => f.key)).toContain(Object.keys(invoice.children ?? {})[0]);
    expect(writableFields(invoice, 'fa').find((f) => f.key === 'customer')!.label).toBe(
      invoice.fields.customer!.label.fa,
    );
  });
});

function fa_(key: string): string {
  return persian(`automationDesigner.${key}`, { limit: 3650 });
}
