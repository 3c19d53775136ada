/**
 * Aggregate fields (FieldMeta.aggregate): read-only figures the server computes from its own
 * tables when rows are read — never stored (the column stays empty), sorted or filtered — by the
 * name of a registered aggregate, e.g. `stock.onHand` (an item's quantity on hand, from the stock
 * balances). GetList, Get, Export and the answer of a write add them with one batched query per
 * aggregate field and page. An aggregate names the entity whose ids it answers for; the loader and
 * Publish refuse an unknown name or another entity.
 */
import type { EntityDefinition, FieldMeta } from '../../runtime/shared/definition';
import type { AppContext } from '../context';
import type { Entity } from '../definitions/registry';
import type { Untyped } from '../db/untyped';
import { onHandAggregate } from '../inventory/onHand';
import type { Row } from './rows';

export interface Aggregate {
  name: string;
  /** The entity ("module.name") whose row ids the figures are for. */
  entity: string;
  /** The figure of each of the rows `ids` (absent: none). */
  load(db: Untyped, ids: readonly number[]): Promise<Map<number, number>>;
}

export const AGGREGATES: ReadonlyMap<string, Aggregate> = new Map([onHandAggregate].map((a) => [a.name, a]));

/** The aggregate fields of a definition, with their aggregates (unknown names left out). */
export function aggregateFields(def: Pick<EntityDefinition, 'fields' | 'schema'>): [string, Aggregate][] {
  const out: [string, Aggregate][] = [];
  for (const [name, meta] of Object.entries(def.fields)) {
    const found = meta.aggregate ? AGGREGATES.get(meta.aggregate) : undefined;
    if (found && Object.hasOwn(def.schema.properties, name)) out.push([name, found]);
  }
  return out;
}

/** Problems of the aggregate fields of a definition ("JSON path: problem"). */
export function aggregateProblems(def: EntityDefinition): string[] {
  const out: string[] = [];
  const key = `${def.module}.${def.name}`;
  const check = (at: string, name: string, meta: FieldMeta, top: boolean) => {
    if (!meta.aggregate) return;
    const found = AGGREGATES.get(meta.aggregate);
    if (!found) out.push(`${at}/${name}/aggregate: unknown aggregate '${meta.aggregate}'`);
    else if (!top || found.entity !== key)
      out.push(`${at}/${name}/aggregate: '${meta.aggregate}' is a figure of ${found.entity} rows`);
    if (meta.sortable || meta.filterable || meta.unique)
      out.push(`${at}/${name}: an aggregate field is neither sorted, filtered nor unique`);
  };
  for (const [name, meta] of Object.entries(def.fields)) {
    check('/fields', name, meta, true);
    const schema = Object.hasOwn(def.schema.properties, name) ? def.schema.properties[name] : undefined;
    if (meta.aggregate && schema && (!schema.readOnly || def.schema.required?.includes(name)))
      out.push(`/fields/${name}: an aggregate field is read-only and not required`);
  }
  for (const [child, c] of Object.entries(def.children ?? {}))
    for (const [name, meta] of Object.entries(c.fields))
      check(`/children/${child}/fields`, name, meta, false);
  return out;
}

/** `rows` (API rows, changed in place) with their aggregate fields' figures. */
export async function addAggregates(ctx: AppContext, entity: Entity, rows: Row[]): Promise<Row[]> {
  const fields = aggregateFields(entity.def);
  if (fields.length === 0 || rows.length === 0) return rows;
  const ids = rows.map((r) => Number(r.id)).filter((id) => Number.isInteger(id) && id > 0);
  for (const [name, aggregate] of fields) {
    const figures = await aggregate.load(ctx.db as unknown as Untyped, ids);
    for (const r of rows) r[name] = figures.get(Number(r.id)) ?? 0;
  }
  return rows;
}
