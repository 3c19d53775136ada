/**
 * CreateFrom (runtime/shared/entityActions.ts, docs/chain.md): the values of a new draft of an
 * entity whose definition declares `source`, made from one final source document: its carried
 * header fields (with their lookup texts), the source lookup, and a line per source line with
 * something outstanding (its outstanding quantity, linked to it). Nothing is stored: the form opens
 * prefilled and the user saves it as any new document.
 *
 * The source is read as the caller may read it: its entity's `view` permission, its row scope
 * (a vendor reads only its own orders) and its field permissions (a field hidden from the caller on
 * the source is not carried); otherwise 403 or 404 as Get answers.
 */
import { createFromValues, sourceLinesName } from '../../runtime/shared/chain';
import { LOOKUP_DISPLAY_SUFFIX, localText } from '../../runtime/shared/definition';
import { docStateOf } from '../../runtime/shared/lifecycle';
import type { AppContext, CurrentUser } from '../context';
import type { Entity } from '../definitions/registry';
import { forbidden, notFound } from '../http/errors';
import { getRow } from '../entities/repository';
import type { Row } from '../entities/rows';
import { fieldModes, hiddenOf } from '../security/fieldAccess';
import { entityPermissions } from '../security/permissions';
import { chainError } from './chainEffect';

/** Removes the fields of `hidden` (and their lookup texts) from a row. */
function withoutHidden(row: Row, hidden: Set<string>): Row {
  const out: Row = {};
  for (const [k, v] of Object.entries(row)) {
    const field = k.endsWith(LOOKUP_DISPLAY_SUFFIX) ? k.slice(0, -LOOKUP_DISPLAY_SUFFIX.length) : k;
    if (!hidden.has(field)) out[k] = v;
  }
  return out;
}

/** The values of a new draft of `target` made from row `sourceId` of its declared source. */
export async function createFromSource(
  ctx: AppContext,
  target: Entity,
  user: CurrentUser,
  sourceId: number,
): Promise<Row> {
  const s = target.def.source;
  if (!s) throw chainError('noSource', (l) => ({ title: localText(target.def.title, l) }));
  const entity = ctx.registry.byEntityKey(s.entity);
  if (!entity) throw notFound();
  if (!(await entityPermissions(ctx, user, entity.key)).view) throw forbidden();
  // Get's read: 404 outside the caller's row scope
  const source = await getRow(ctx, entity, user, sourceId);
  const title = String(source[entity.def.displayField] ?? `#${sourceId}`);
  if (docStateOf(source) !== 'final') throw chainError('sourceNotFinal', () => ({ source: title }));
  const hidden = hiddenOf(await fieldModes(ctx, user, entity));
  const lines = Array.isArray(source[sourceLinesName(s)]) ? (source[sourceLinesName(s)] as Row[]) : [];
  const shown = withoutHidden(source, hidden);
  const childHidden = new Set(
    [...hidden]
      .filter((f) => f.startsWith(`${sourceLinesName(s)}.`))
      .map((f) => f.slice(sourceLinesName(s).length + 1)),
  );
  const values = createFromValues(
    s,
    shown,
    lines.map((l) => withoutHidden(l, childHidden)),
    LOOKUP_DISPLAY_SUFFIX,
  );
  values[`${s.field}${LOOKUP_DISPLAY_SUFFIX}`] = title;
  const made = Array.isArray(values[s.lines]) ? (values[s.lines] as Row[]) : [];
  if (made.length === 0)
    throw chainError('nothingOutstanding', (l) => ({ source: title, title: localText(target.def.title, l) }));
  return values;
}
