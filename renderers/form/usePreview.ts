/**
 * The server's figures of the document being typed, for definitions whose values a server rule
 * computes (definition.serverComputed, set by GetDefinition: e.g. an invoice's promotions) and for
 * a new record numbered on create (the number its save would take; the Preview spends none): a
 * moment after the values stop changing, the form asks the entity's Preview
 * (server/entities/write/preview.ts, the write steps a save runs, nothing kept) and shows the
 * read-only and computed fields from its answer, so what the form shows as payable is what a save
 * stores. An answer is used only while the values it was asked for are still the form's; a refused
 * preview (a half-filled form) leaves the form's own figures.
 */
import { useEffect, useState } from 'react';
import type { EntityClient, EntityValues } from '../../runtime/entity/types';
import type { EntityDefinition } from '../../runtime/shared/definition';

/** Quiet time after the last change before asking (ms). */
export const PREVIEW_DELAY_MS = 300;

/** The fields a preview may fill: read-only fields and the definition's computed fields. */
export function previewFields(definition: EntityDefinition): string[] {
  const own = Object.entries(definition.schema.properties)
    .filter(([, p]) => p.readOnly)
    .map(([name]) => name);
  return [...new Set([...own, ...Object.keys(definition.rules?.computed ?? {})])];
}

/**
 * The server's figures for `input` (null while none are known for these very values). `input` null:
 * no preview (read-only form, a definition without server-computed values).
 */
export function usePreview(
  client: EntityClient | undefined,
  fields: string[],
  input: EntityValues | null,
  row: { id: number; version: number } | undefined,
): EntityValues | null {
  const [answer, setAnswer] = useState<{ key: string; figures: EntityValues } | null>(null);
  const key = input ? JSON.stringify(input) : '';
  const preview = client?.preview;
  useEffect(() => {
    if (!input || !preview) return;
    let live = true;
    const timer = setTimeout(() => {
      preview(input, row).then(
        (data) => {
          if (!live) return;
          const figures: EntityValues = {};
          for (const f of fields) figures[f] = (data as EntityValues)[f];
          setAnswer({ key, figures });
        },
        () => live && setAnswer(null),
      );
    }, PREVIEW_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // keyed on the values' content, not on the object
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, preview, fields, row?.id, row?.version]);
  return answer && answer.key === key ? answer.figures : null;
}
