/**
 * The form's side of LookupSpec.fillFrom: asks the lists that may apply to the document (one
 * GetList, runtime/shared/fillFrom.ts), reads the most specific first (Get, kept for the form's
 * life) and answers the values of the first line for the picked row, or null (the lookup's own
 * `fill` stays). A user who may not read the lists is not sent to be refused; a failure is null.
 */
import type { EntityClient } from '../../runtime/entity/types';
import type { EntityRow, FillFromSpec } from '../../runtime/shared/definition';
import { fillFromLines, fillFromOrder, fillFromRequest } from '../../runtime/shared/fillFrom';
import { mayLookUp } from './lookup';

export type FillFrom = (
  spec: FillFromSpec,
  key: number,
  doc: Record<string, unknown>,
) => Promise<Record<string, unknown> | null>;

export function createFillFrom(
  clientFor: (entityKey: string) => Pick<EntityClient, 'getList' | 'get'>,
): FillFrom {
  const read = new Map<string, Promise<EntityRow>>();
  const list = (entity: string, id: number) => {
    const k = `${entity}#${id}`;
    let p = read.get(k);
    if (!p) {
      p = clientFor(entity).get(id);
      read.set(k, p);
      p.catch(() => read.delete(k)); // asked again next time
    }
    return p;
  };
  return async (spec, key, doc) => {
    try {
      if (!(await mayLookUp(spec.entity))) return null;
      const page = await clientFor(spec.entity).getList(fillFromRequest(spec, doc));
      for (const candidate of fillFromOrder(spec, page.rows, doc)) {
        const values = fillFromLines(spec, (await list(spec.entity, candidate.id))[spec.lines], key);
        if (values) return values;
      }
    } catch {
      // the pipeline reports a failure; the lookup's own fill stays
    }
    return null;
  };
}
