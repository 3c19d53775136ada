/**
 * A throwaway grid that makes the first real one faster (docs/performance.md, "What the figures
 * rest on"). The first AG Grid a page creates is 2-3x slower than the next one: V8 compiles each
 * function on its first call. The shell calls this once, when the browser is idle after the grid's
 * chunks have loaded (src/prefetch.ts): it draws EntityGrid (our column builders, locale and
 * theme) with a tiny in-memory definition and rows, in a hidden container (renderers/warmUpHost.ts:
 * nothing a user sees, reaches with the keyboard or hears), and once its first rows are drawn (at
 * the latest after WARM_UP_TIMEOUT_MS) unmounts it and removes the container. No request is sent:
 * the datasource answers from memory.
 */
import { RendererProvider } from '@fluentui/react-components';
import type { EntityClient } from '../../runtime/entity/types';
import type { EntityDefinition, EntityRow, Lang } from '../../runtime/shared/definition';
import { EntityGrid } from './EntityGrid';
import { styleRendererOf } from '../styleRenderer';
import { openWarmUpHost, type WarmUpHost } from '../warmUpHost';

/** The warm-up ends by then even if the grid never draws its rows. */
export const WARM_UP_TIMEOUT_MS = 2000;

/** Marks the hidden container (tests, and whoever wonders what it is). */
export const WARM_UP_ATTRIBUTE = 'data-grid-warm-up';

const text = (fa: string) => ({ fa, en: fa });

/** One column of each kind the column builders handle (text, number, money, date, enum, boolean). */
export const WARM_UP_DEFINITION: EntityDefinition = {
  name: 'gridWarmUp',
  module: 'shell',
  title: text('گرم‌کردن'),
  displayField: 'name',
  schema: {
    type: 'object',
    properties: {
      name: { type: 'string' },
      amount: { type: 'integer' },
      rate: { type: 'number' },
      date: { type: 'string', format: 'date' },
      kind: { type: 'string', enum: ['a', 'b'] },
      active: { type: 'boolean' },
    },
  },
  fields: {
    name: { label: text('نام') },
    amount: { label: text('مبلغ'), money: true },
    rate: { label: text('نرخ') },
    date: { label: text('تاریخ') },
    kind: { label: text('نوع'), enumLabels: { a: text('الف'), b: text('ب') } },
    active: { label: text('فعال') },
  },
  list: { columns: ['name', 'amount', 'rate', 'date', 'kind', 'active'], pageSize: 20 },
};

const ROWS: EntityRow[] = Array.from({ length: 5 }, (_, i) => ({
  id: i + 1,
  version: 1,
  name: `ردیف ${i + 1}`,
  amount: 1000 * (i + 1),
  rate: i / 3,
  date: '2024-03-20',
  kind: i % 2 ? 'a' : 'b',
  active: i % 2 === 0,
}));

/** Answers from memory: the warm-up sends no request. */
const localClient: Pick<EntityClient, 'getList'> = {
  getList: () => Promise.resolve({ rows: ROWS, lastRow: ROWS.length }),
};

/** A frame drawn: the grid's rows have been laid out once. */
const nextFrame = () =>
  new Promise<void>((resolve) =>
    typeof requestAnimationFrame === 'function'
      ? requestAnimationFrame(() => resolve())
      : setTimeout(resolve, 16),
  );

/**
 * Draws the hidden grid once and removes it; resolves when it is gone. Never rejects: a failure
 * only means the first real grid is not warmed up.
 */
export async function warmUpGrid(lang: Lang = 'fa'): Promise<void> {
  let host: WarmUpHost | undefined;
  try {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const drawn = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, WARM_UP_TIMEOUT_MS);
      // laid out (the grid measures its viewport and draws rows) but never shown or hit
      host = openWarmUpHost(WARM_UP_ATTRIBUTE, { width: 800, height: 420 }, () => resolve());
      // the app's style renderer: the rules go into the same style sheets as the app's own
      host.root.render(
        <RendererProvider renderer={styleRendererOf(document)} targetDocument={document}>
          <EntityGrid
            definition={WARM_UP_DEFINITION}
            client={localClient}
            lang={lang}
            userId="grid-warm-up"
            onFirstRows={() => resolve()}
          />
        </RendererProvider>,
      );
    });
    await drawn;
    clearTimeout(timer);
    await nextFrame();
  } catch {
    // silent: the real grid is only not warmed up
  } finally {
    host?.dispose();
  }
}
