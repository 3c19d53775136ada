/**
 * The bench harness page: mounts our EntityForm (with its lines grid) or a plain RJSF Form in
 * isolation, under the same providers as the app (Fluent, RTL, i18next with the shipped Persian
 * texts, the request pipeline), and times mount/click/keystroke to the next paint. Driven by
 * bench/form.bench.ts and bench/lines.bench.ts through window.harness.
 */
import { FluentProvider, RendererProvider, webLightTheme } from '@fluentui/react-components';
import Form from '@rjsf/core';
import type { RJSFSchema } from '@rjsf/utils';
import plainValidator from '@rjsf/validator-ajv8';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { initReactI18next } from 'react-i18next';
import { EntityForm, loadValidators } from '../../renderers/index';
import { styleRendererOf } from '../../renderers/styleRenderer';
import { warmUpForm } from '../../renderers/form/warmUp';
import type { EntityValues } from '../../runtime/entity/types';
import { api } from '../../runtime/http/pipeline';
import { createEntityClient } from '../../runtime/meta/entityClient';
import type { EntityDefinition } from '../../runtime/shared/definition';
import fa from '../../src/public/assets/i18n/share/fa.json';

/** Resolves after the next frame is painted (rAF, then a task queued behind the frame). */
function paint(): Promise<number> {
  return new Promise((resolve) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve(performance.now());
      channel.port2.postMessage(null);
    }),
  );
}

async function paintedWhen(ready: () => boolean, timeoutMs = 60_000): Promise<number> {
  const until = performance.now() + timeoutMs;
  let t = await paint();
  while (!ready()) {
    if (t > until) throw new Error('not painted in time');
    t = await paint();
  }
  return t;
}

const container = document.getElementById('root') as HTMLElement;
/** Fluent's style renderer, as the app has it (src/App.tsx). */
const styleRenderer = styleRendererOf(document);
let root: Root | null = null;

function unmount(): void {
  root?.unmount();
  root = null;
  container.replaceChildren();
}

/** Mounts `el` and answers ms until `ready` holds in a painted frame. */
async function mount(el: ReactElement, ready: () => boolean): Promise<number> {
  unmount();
  await paint();
  root = createRoot(container);
  const r = root;
  const t0 = performance.now();
  flushSync(() =>
    r.render(
      <RendererProvider renderer={styleRenderer} targetDocument={document}>
        <FluentProvider theme={webLightTheme} dir="rtl">
          {el}
        </FluentProvider>
      </RendererProvider>,
    ),
  );
  return (await paintedWhen(ready)) - t0;
}

const exists = (selector: string) => () => container.querySelector(selector) !== null;

/** Keystroke (the event's own timestamp) to the next painted frame, per keydown. */
const keyLog: number[] = [];
/** The timestamp of the last keydown (where a watched value's change is timed from). */
let lastKeyAt = 0;
window.addEventListener(
  'keydown',
  (e) => {
    const start = e.timeStamp;
    lastKeyAt = start;
    void paint().then((t) => keyLog.push(t - start));
    // the armed watch polls frames from this key on (not before: frames requested all the time
    // would make the key's own frame wait for the next one of theirs)
    armedWatch?.();
    armedWatch = null;
  },
  true,
);
/**
 * Cross-check: keystroke to the end of its own work (the last listener, on window, bubbling; the
 * microtasks of earlier listeners, React's updates among them, have run by then). What remains of
 * the figure above is the frame: the wait for it and its style, layout and paint.
 */
const keyWorkLog: number[] = [];
window.addEventListener('keydown', (e) => keyWorkLog.push(performance.now() - e.timeStamp));
/** ms from the last clickToPaint click to the end of its work (handlers and their microtasks). */
let lastClickWork = 0;
/** The armed watch of a value: ms from the last keydown to the painted frame that shows it changed. */
let valueWatch: Promise<number> | null = null;
/** Starts the armed watch's polling (at the next keydown). */
let armedWatch: (() => void) | null = null;

let saves: Promise<unknown>[] = [];
/** performance.now() when the form handed the last save to onSave (its checks done). */
let handedAt = 0;
/** ms from the last save click to onSave (the form's own checks, before the request). */
let lastSaveChecks = 0;

const validatorsOf = new Map<string, ReturnType<typeof loadValidators>>();

const harness = {
  ready: i18next
    .use(initReactI18next)
    .init({
      lng: 'fa',
      fallbackLng: 'fa',
      resources: { fa: { translation: fa } },
      interpolation: { escapeValue: false },
    })
    .then(() => true),

  unmount,

  /** The app's form warm-up (renderers/form/warmUp.tsx), as a document screen runs it when idle. */
  warmUpForm: (): Promise<void> => warmUpForm('fa'),

  /** Loads a definition (JSON URL) and its precompiled validators (kept for the next mounts). */
  async definition(url: string): Promise<EntityDefinition> {
    const definition = (await (await fetch(url)).json()) as EntityDefinition;
    return definition;
  },

  /** Our form of a definition served as JSON at `url`: ms to first paint of its last field. */
  async ourForm(url: string, lastField: string): Promise<number> {
    const definition = await harness.definition(url);
    let v = validatorsOf.get(url);
    if (!v) validatorsOf.set(url, (v = loadValidators(definition)));
    const validators = await v;
    return mount(
      <EntityForm definition={definition} lang="fa" validators={validators} onSave={async () => {}} />,
      exists(`#root_${lastField}`),
    );
  },

  /** A plain RJSF Form (its own theme, the ajv8 validator): ms to first paint of its last field. */
  async plainForm(schema: RJSFSchema, lastField: string, formData?: unknown): Promise<number> {
    return mount(
      <Form schema={schema} validator={plainValidator} formData={formData} />,
      exists(`#root_${lastField}`),
    );
  },

  /** Signs the pipeline in with an access token (the app keeps it the same way). */
  signIn(token: string): void {
    sessionStorage.setItem('access_token', token);
    sessionStorage.setItem('access_expire_time', String(Date.now() + 3_600_000));
  },

  /**
   * A document of the real server (GetDefinition, validators from the server) with `values`;
   * saving creates it through the app's entity client. Answers ms until its lines are painted.
   */
  async ourDocument(module: string, name: string, values: EntityValues): Promise<number> {
    const definition = await api.post<EntityDefinition>('Meta/Entity/GetDefinition', { module, name });
    const validators = await loadValidators(definition);
    const clientFor = (key: string) => {
      const [m = '', n = ''] = key.split('.');
      return createEntityClient({ module: m, name: n });
    };
    const client = createEntityClient(definition);
    saves = [];
    return mount(
      <EntityForm
        definition={definition}
        lang="fa"
        values={values}
        validators={validators}
        clientFor={clientFor}
        onSave={(v) => {
          handedAt = performance.now();
          const p = client.create(v);
          saves.push(p);
          return p;
        }}
      />,
      exists('[data-lines] .ag-row'),
    );
  },

  /** Clicks `selector`: ms until the next paint, or until `ready` (a selector) is painted. */
  async clickToPaint(selector: string, ready?: string): Promise<number> {
    const el = container.querySelector(selector);
    if (!(el instanceof HTMLElement)) throw new Error(`no ${selector}`);
    // The frame is awaited from before the click: work the click leaves for after its frame
    // (requested in the click, so queued ahead of anything requested after it) is not counted.
    const t0 = performance.now();
    const painted = paintedWhen(ready ? exists(ready) : () => true);
    el.click();
    // queued after the microtasks the click queued (React's update): they have run when this does
    void Promise.resolve().then(() => (lastClickWork = performance.now() - t0));
    return (await painted) - t0;
  },

  /**
   * Scrolls `scroller` to its end, as a scroll bar dragged there does, and returns ms to the painted
   * frame that shows `ready`. It first scrolls back to the start and waits for that to be drawn.
   */
  async scrollToPaint(scroller: string, ready: string): Promise<number> {
    const el = container.querySelector(scroller);
    if (!(el instanceof HTMLElement)) throw new Error(`no ${scroller}`);
    el.scrollTop = 0;
    await paint();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const t0 = performance.now();
    const painted = paintedWhen(exists(ready));
    el.scrollTop = el.scrollHeight;
    return (await painted) - t0;
  },

  /** ms of the last clickToPaint spent in the click's own work, before the frame. */
  lastClickWork(): number {
    return lastClickWork;
  },

  /** Clicks the save button: ms until the server answered the create and the next frame painted. */
  async saveToPaint(): Promise<number> {
    const button = [...container.querySelectorAll('button[type="submit"]')].at(-1);
    if (!(button instanceof HTMLElement)) throw new Error('no save button');
    const before = saves.length;
    const t0 = performance.now();
    button.click();
    const until = t0 + 60_000;
    while (saves.length === before) {
      if (performance.now() > until) throw new Error('save was not called (validation failed?)');
      await new Promise((r) => setTimeout(r, 1));
    }
    await saves[saves.length - 1];
    lastSaveChecks = handedAt - t0;
    return (await paint()) - t0;
  },

  /** ms of the last save spent in the form's checks before the request left. */
  lastSaveChecks(): number {
    return lastSaveChecks;
  },

  takeKeyLog(): number[] {
    return keyLog.splice(0);
  },

  /** Keystroke to the end of its own work, per keydown since the last call. */
  takeKeyWorkLog(): number[] {
    return keyWorkLog.splice(0);
  },

  /**
   * Arms a watch of an input's value (call before the key): valueChanged() then answers ms from
   * that key's keydown to the first painted frame showing another value (a computed field, a total).
   */
  watchValue(selector: string): void {
    const el = container.querySelector(selector);
    if (!(el instanceof HTMLInputElement)) throw new Error(`no input ${selector}`);
    const before = el.value;
    // NaN when the value did not change within a second (the key set what was there already)
    valueWatch = new Promise((resolve) => {
      armedWatch = () =>
        void paintedWhen(() => el.value !== before, 1_000).then(
          (t) => resolve(t - lastKeyAt),
          () => resolve(NaN),
        );
    });
  },

  valueChanged(): Promise<number> {
    if (!valueWatch) throw new Error('no value watched');
    return valueWatch;
  },
};

declare global {
  interface Window {
    harness: typeof harness;
  }
}
window.harness = harness;
