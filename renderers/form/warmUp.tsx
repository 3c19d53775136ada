/**
 * A throwaway document form that makes the first real one faster (docs/performance.md, "What the
 * figures rest on"). The first form a page draws, and the first lines it adds to a long document,
 * run code V8 has not compiled yet (it compiles each function on its first call), so they take
 * about twice as long as the ones after them. A grid screen calls this once per page load, when the
 * browser is idle after the form's chunk has loaded (renderers/screen/formWarmUp.ts). It draws EntityForm with a small in-memory document definition
 * (header fields of each kind, a lookup, a lines table with a computed amount, WARM_UP_LINES lines)
 * in a hidden container (renderers/warmUpHost.ts: nothing a user sees, reaches with the keyboard or
 * hears, and nothing in it can take the focus), adds lines as the lines grid's button does (the jump
 * to the end of a long document, then a line more), and after their frames unmounts it and removes
 * the container. No request is sent: its lookups search and show rows from memory, it has no
 * attachments, and its validators accept anything.
 */
import { FluentProvider, RendererProvider, webLightTheme } from '@fluentui/react-components';
import type { EntityClient, EntityValues } from '../../runtime/entity/types';
import type { EntityDefinition, EntityRow, Lang } from '../../runtime/shared/definition';
import type { StandaloneValidate } from '../../runtime/shared/validatorRuntime';
import { styleRendererOf } from '../styleRenderer';
import { openWarmUpHost, type WarmUpHost } from '../warmUpHost';
import { afterPaint } from './afterPaint';
import { EntityForm } from './EntityForm';
import type { FormValidators } from './precompiled';

/** The warm-up ends by then even if the form never draws its lines. */

/** Menus, lists and popovers the user may have open (a warm-up's click would close them). */
const OPEN_POPUP = '[role="menu"], [role="listbox"], .fui-PopoverSurface';
export const FORM_WARM_UP_TIMEOUT_MS = 3000;

/** Marks the hidden container (tests, and whoever wonders what it is). */
export const FORM_WARM_UP_ATTRIBUTE = 'data-form-warm-up';

/** Lines of the warm-up document: more than the lines grid shows, so an add jumps to the end. */
export const WARM_UP_LINES = 40;

const text = (fa: string, en = fa) => ({ fa, en });

/** A document of the kinds the generic form draws: header fields and a lines table. */
export const FORM_WARM_UP_DEFINITION: EntityDefinition = {
  name: 'formWarmUp',
  module: 'shell',
  title: text('گرم‌کردن'),
  displayField: 'number',
  schema: {
    type: 'object',
    properties: {
      number: { type: 'string', maxLength: 20 },
      party: { type: 'integer' },
      date: { type: 'string', format: 'date' },
      kind: { type: 'string', enum: ['a', 'b'] },
      paid: { type: 'boolean' },
      description: { type: 'string', maxLength: 200 },
      total: { type: 'integer', readOnly: true },
    },
  },
  fields: {
    number: { label: text('شماره') },
    party: { label: text('طرف حساب'), lookup: { entity: 'shell.warmUp', displayField: 'name' } },
    date: { label: text('تاریخ') },
    kind: { label: text('نوع'), enumLabels: { a: text('الف'), b: text('ب') } },
    paid: { label: text('پرداخت شده') },
    description: { label: text('شرح') },
    total: { label: text('جمع'), money: true },
  },
  rules: {
    computed: {
      total: { reduce: [{ var: 'lines' }, { '+': [{ var: 'accumulator' }, { var: 'current.amount' }] }, 0] },
    },
  },
  children: {
    lines: {
      label: text('اقلام'),
      schema: {
        type: 'object',
        properties: {
          item: { type: 'integer' },
          description: { type: 'string', maxLength: 200 },
          quantity: { type: 'number' },
          unitPrice: { type: 'integer' },
          amount: { type: 'integer', readOnly: true },
        },
      },
      fields: {
        item: { label: text('کالا'), lookup: { entity: 'shell.warmUp', displayField: 'name' } },
        description: { label: text('شرح') },
        quantity: { label: text('مقدار') },
        unitPrice: { label: text('فی'), money: true },
        amount: { label: text('مبلغ'), money: true },
      },
      rules: { computed: { amount: { round: [{ '*': [{ var: 'quantity' }, { var: 'unitPrice' }] }] } } },
    },
  },
  list: { columns: ['number', 'date'], pageSize: 20 },
};

/** Accepts anything: the warm-up never saves, and a served validator would be a request. */
const accept: StandaloneValidate = () => true;
accept.errors = null;
const VALIDATORS: FormValidators = { record: accept, children: { lines: accept } };

/** The rows every lookup of the warm-up finds, whatever it asks. */
const LOOKUP_ROWS: EntityRow[] = Array.from({ length: 5 }, (_, i) => ({
  id: i + 1,
  version: 1,
  name: `ردیف ${i + 1}`,
}));

/** Answers lists and rows from memory; anything else is refused without a request. */
const localClient: EntityClient = {
  getList: () => Promise.resolve({ rows: LOOKUP_ROWS, lastRow: LOOKUP_ROWS.length }),
  get: (id) => {
    const row = LOOKUP_ROWS.find((r) => r.id === id);
    return row ? Promise.resolve(row) : Promise.reject(new Error('warm-up'));
  },
  create: () => Promise.reject(new Error('warm-up')),
  update: () => Promise.reject(new Error('warm-up')),
  delete: () => Promise.reject(new Error('warm-up')),
  export: () => Promise.reject(new Error('warm-up')),
};
const clientFor = () => localClient;

const VALUES: EntityValues = {
  number: 'W-1',
  party: 1,
  date: '2024-03-20',
  kind: 'a',
  paid: false,
  description: 'گرم‌کردن',
  lines: Array.from({ length: WARM_UP_LINES }, (_, i) => ({
    item: (i % LOOKUP_ROWS.length) + 1,
    description: `سطر ${i + 1}`,
    quantity: (i % 7) + 1,
    unitPrice: 1000 * ((i % 11) + 1),
  })),
};

/** Resolves after the next painted frame (at the latest after afterPaint's fallback timer). */
const nextPaint = () => new Promise<void>((resolve) => afterPaint(resolve));

/** Resolves once `ready` holds after a painted frame, or once `timeoutMs` have passed. */
async function paintedWhen(ready: () => boolean, timeoutMs: number): Promise<void> {
  const until = performance.now() + timeoutMs;
  do await nextPaint();
  while (!ready() && performance.now() < until);
}

/**
 * Draws the hidden form once, adds a line, and removes it; resolves when it is gone. Never rejects:
 * a failure only means the first real form is not warmed up.
 */
export async function warmUpForm(lang: Lang = 'fa'): Promise<void> {
  let host: WarmUpHost | undefined;
  try {
    let failed = false;
    // laid out (the lines grid measures its viewport and draws rows) but never shown or hit
    const h = openWarmUpHost(FORM_WARM_UP_ATTRIBUTE, { width: 900, height: 800 }, () => (failed = true));
    host = h;
    // the app's style renderer: the rules go into the same style sheets as the app's own
    h.root.render(
      <RendererProvider renderer={styleRendererOf(document)} targetDocument={document}>
        <FluentProvider theme={webLightTheme} dir={lang === 'fa' ? 'rtl' : 'ltr'}>
          <EntityForm
            definition={FORM_WARM_UP_DEFINITION}
            lang={lang}
            values={VALUES}
            validators={VALIDATORS}
            clientFor={clientFor}
          />
        </FluentProvider>
      </RendererProvider>,
    );
    const drawn = () => !!h.element.querySelector('[data-lines] .ag-row');
    await paintedWhen(() => failed || drawn(), FORM_WARM_UP_TIMEOUT_MS);
    if (!failed && drawn()) {
      // the lines grid's own add button, twice: the first add of a long document jumps to its end,
      // the next scrolls by a line; after each, its frame and the work it leaves for after it (the
      // next editor, the rows kept for scrolling, the form taking the lines)
      for (let i = 0; i < 2; i++) {
        // a click reaches the document, where an open menu or list (Fluent listens in the capture
        // phase) takes it for a click outside and closes: none is pressed while one is open
        if (document.querySelector(OPEN_POPUP)) break;
        h.element.querySelector<HTMLButtonElement>('[data-lines] button')?.click();
        await nextPaint();
        await nextPaint();
      }
    }
  } catch {
    // silent: the real form is only not warmed up
  } finally {
    host?.dispose();
  }
}
