/**
 * The designer's «automations» tab: the automations editor (renderers/designer/AutomationsEditor.tsx)
 * with what it offers from the server: roles, staff users and webhook endpoint names
 * (SystemConfig/Designer/AutomationChoices), and the definitions of the entities a document is made of.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { AutomationsEditor, type EntityChoice } from '../../../renderers/designer';
import type { AutomationChoices } from '../../../runtime/shared/automationCheck';
import type { EntityDefinition, Lang } from '../../../runtime/shared/definition';
import type { ServerMessage } from '../../../runtime/shared/envelope';
import { designerApi } from './api';

export interface AutomationsTabProps {
  draft: EntityDefinition;
  /** The definition in force (null: a new entity). */
  inForce: EntityDefinition | null;
  lang: Lang;
  entities: EntityChoice[];
  refused: ServerMessage[];
  onChange: (next: EntityDefinition) => void;
  onProblem: (id: string, problem: boolean) => void;
}

export function AutomationsTab({
  draft,
  inForce,
  lang,
  entities,
  refused,
  onChange,
  onProblem,
}: AutomationsTabProps) {
  const [choices, setChoices] = useState<AutomationChoices | null>(null);
  useEffect(() => {
    let live = true;
    designerApi.automationChoices().then(
      (c) => live && setChoices(c),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  const definitionOf = useCallback(
    (key: string) =>
      designerApi.get(key).then(
        (d) => d.definition,
        () => undefined,
      ),
    [],
  );
  const before = useMemo(
    () =>
      new Set(
        (inForce?.automations ?? []).flatMap((a) =>
          a.actions.flatMap((x) => ('webhook' in x ? [x.webhook.endpoint] : [])),
        ),
      ),
    [inForce],
  );
  return (
    <AutomationsEditor
      id="automations"
      definition={draft}
      lang={lang}
      choices={choices}
      entities={entities}
      definitionOf={definitionOf}
      endpointsBefore={before}
      refused={refused}
      onChange={onChange}
      onProblem={onProblem}
    />
  );
}
