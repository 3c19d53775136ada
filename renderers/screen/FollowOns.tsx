/**
 * On a final document's form, one button per kind of document that may be made from it
 * (docs/chain.md: «ایجاد رسید کالا» on a purchase order, «ایجاد فاکتور فروش» on a pro-forma…),
 * as the server lists them for this user (Meta/Entity/GetFollowOns: the definitions declaring this
 * entity as their `source`, which the user may create). A click opens the follow-on's screen with
 * `?from=` naming this row; that screen asks CreateFrom and opens its new form prefilled. Nothing
 * here names an entity: a follow-on published by an analyst shows its button alike.
 */
import { Button } from '@fluentui/react-components';
import { createFromRoute, type FollowOn } from '../../runtime/shared/chain';
import type { EntityDefinition, EntityRow } from '../../runtime/shared/definition';
import { docStateOf } from '../../runtime/shared/lifecycle';
import { api } from '../../runtime/http/pipeline';
import { navigate } from '../../runtime/ui/navigation';
import { useLoad } from '../hooks/useLoad';

export function FollowOns({
  definition,
  row,
  dirty,
}: {
  definition: EntityDefinition;
  row?: EntityRow;
  dirty: boolean;
}) {
  const key = `${definition.module}.${definition.name}`;
  const id =
    typeof row?.id === 'number' && definition.lifecycle && docStateOf(row) === 'final' ? row.id : null;
  const load = useLoad<FollowOn[]>(
    id !== null
      ? () =>
          api.post<FollowOn[]>(
            'Meta/Entity/GetFollowOns',
            { module: definition.module, name: definition.name },
            { silent: true, background: true },
          )
      : null,
    [key, id],
  );
  if (id === null || !load.data?.length) return null;
  return (
    <>
      {load.data.map((f) => (
        <Button
          key={f.key}
          type="button"
          appearance="secondary"
          data-follow-on={f.key}
          disabled={dirty}
          onClick={() => navigate(createFromRoute(f.key, key, id))}
        >
          {f.label}
        </Button>
      ))}
    </>
  );
}
