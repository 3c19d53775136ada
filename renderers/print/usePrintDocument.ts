/** Loads the row to print (Print, which needs the print permission; Get for clients without it) and the display texts of its lookups (Get on each looked-up entity). */
import { useLoad } from '../hooks/useLoad';
import type { EntityClient } from '../../runtime/entity/types';
import type { EntityDefinition, EntityRow } from '../../runtime/shared/definition';
import { lookupIds, textKey, type LookupTexts } from './printData';

export type PrintState =
  { state: 'loading' } | { state: 'failed' } | { state: 'ready'; row: EntityRow; texts: LookupTexts };

export function usePrintDocument(
  definition: EntityDefinition,
  client: Pick<EntityClient, 'get' | 'print'>,
  clientFor: ((entityKey: string) => Pick<EntityClient, 'get'>) | undefined,
  id: number,
): PrintState {
  const load = useLoad(async () => {
    const row = await (client.print ? client.print(id) : client.get(id));
    const texts: LookupTexts = new Map();
    const wanted = [...lookupIds(definition, row)].flatMap(([entity, ids]) =>
      [...ids].map((v) => ({ entity, id: v })),
    );
    await Promise.all(
      wanted.map(async ({ entity, id: ref }) => {
        const target = Object.values(definition.fields)
          .concat(...Object.values(definition.children ?? {}).map((c) => Object.values(c.fields)))
          .find((m) => m.lookup?.entity === entity)?.lookup;
        if (!target || !clientFor) return;
        try {
          const other = await clientFor(entity).get(ref);
          const text = other[target.displayField];
          if (text != null) texts.set(textKey(entity, ref), String(text));
        } catch {
          // shown as the id
        }
      }),
    );
    return { row, texts };
  }, [definition, client, clientFor, id]);
  if (load.data) return { state: 'ready', ...load.data };
  return load.failed ? { state: 'failed' } : { state: 'loading' };
}
