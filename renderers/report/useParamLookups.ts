/**
 * The lookup parameters of a report: their targets (what the lookup widget searches and shows,
 * from the looked-up entity's definition) and the texts of the rows a report ran with (its
 * parameter line: «حساب: ۱۱۰۱ — صندوق»). Texts are read by Get when the user may read the entity
 * (as the lookup widget reads its stored row); otherwise the line shows the id.
 */
import { useMemo } from 'react';
import type { EntityClient } from '../../runtime/entity/types';
import type { EntityDefinition, Lang, LookupSpec } from '../../runtime/shared/definition';
import type { ReportParam } from '../../runtime/shared/reportDefinition';
import { useLoad } from '../hooks/useLoad';
import { mayLookUp, toOption } from '../form/lookup';

/** The lookup target of an entity ("module.name"): its display field and code field. */
export type LookupTargetOf = (entityKey: string) => Promise<LookupSpec>;

/**
 * The lookup target of a report parameter over `entityKey`, from that entity's definition: its
 * display field, and as its code the field holding a code unique across the table (`code` first),
 * searched and shown before the name as a document's lookups do.
 */
export function lookupTargetFromDefinition(entityKey: string, definition: EntityDefinition): LookupSpec {
  const unique = Object.entries(definition.fields)
    .filter(([name, meta]) => meta.unique && !meta.uniqueScope?.length && name !== definition.displayField)
    .map(([name]) => name);
  const codeField = unique.includes('code') ? 'code' : unique[0];
  return { entity: entityKey, displayField: definition.displayField, ...(codeField ? { codeField } : {}) };
}

/** One empty answer (a fresh `{}` per render would be a new dependency each time). */
const NONE: Readonly<Record<string, never>> = Object.freeze({});

const lookupParams = (params: readonly ReportParam[]) =>
  params.filter((p): p is ReportParam & { entity: string } => p.kind === 'lookup' && !!p.entity);

export function useLookupTargets(
  params: readonly ReportParam[],
  targetOf: LookupTargetOf | undefined,
): Record<string, LookupSpec> {
  const wanted = useMemo(() => lookupParams(params), [params]);
  const load = useLoad(
    wanted.length > 0 && targetOf
      ? async () => {
          const found = await Promise.all(
            wanted.map((p) =>
              targetOf(p.entity).then(
                (target) => [p.name, target] as const,
                () => null,
              ),
            ),
          );
          return Object.fromEntries(found.filter((f) => f !== null));
        }
      : null,
    [wanted, targetOf],
  );
  return load.data ?? NONE;
}

/** Texts of the looked-up rows in `values`, by parameter name (absent: unknown, show the id). */
export function useLookupTexts(
  params: readonly ReportParam[],
  values: Record<string, unknown>,
  targets: Record<string, LookupSpec>,
  clientFor: ((entityKey: string) => Pick<EntityClient, 'get'>) | undefined,
  lang: Lang,
): Record<string, string> {
  const picked = lookupParams(params)
    .map((p) => ({ name: p.name, target: targets[p.name], id: values[p.name] }))
    .filter(
      (p): p is { name: string; target: LookupSpec; id: number } => !!p.target && typeof p.id === 'number',
    );
  const key = picked.map((p) => `${p.name}=${p.id}`).join('&');
  const load = useLoad(
    picked.length > 0 && clientFor
      ? async () => {
          const texts = await Promise.all(
            picked.map(async (p) => {
              if (!(await mayLookUp(p.target.entity))) return null;
              const row = await clientFor(p.target.entity)
                .get(p.id)
                .catch(() => null);
              return row ? ([p.name, toOption(row, p.target, lang).text] as const) : null;
            }),
          );
          return Object.fromEntries(texts.filter((t) => t !== null));
        }
      : null,
    // the rows asked are named by the key; their targets come with them
    [key, clientFor, lang, targets],
  );
  return load.data ?? NONE;
}
