/**
 * The designer's «automations» tab (docs/automations.md «The automations tab»): the entity's
 * automations as cards (AutomationCard.tsx), added, renamed and removed here. Every change is
 * checked at once with the same code the server runs on publish (automationDraft.ts over
 * runtime/shared/automationCheck.ts) and its problems are shown in the analyst's language next to
 * the automation; a draft with a problem keeps the page from publishing (onProblem). Only drafts
 * that make well-formed automations change the definition.
 */
import { Button, makeStyles, MessageBar, MessageBarBody, Switch, tokens } from '@fluentui/react-components';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AutomationChoices } from '../../runtime/shared/automationCheck';
import type { EntityDefinition, Lang } from '../../runtime/shared/definition';
import type { ServerMessage } from '../../runtime/shared/envelope';
import { namesOf, type NameStyle } from '../../runtime/shared/formula';
import { AutomationCard } from './AutomationCard';
import {
  draftProblems,
  draftsOf,
  newDraft,
  placeOf,
  restyleDrafts,
  withAutomations,
  type AutomationDraft,
  type DraftProblem,
} from './automationDraft';
import type { EntityChoice } from './context';

export interface AutomationsEditorProps {
  id: string;
  definition: EntityDefinition;
  lang: Lang;
  /** Roles, users and endpoint names (null: not loaded, or not to be had). */
  choices: AutomationChoices | null;
  entities: EntityChoice[];
  /** A definition by key (the entity a document is made of). */
  definitionOf: (key: string) => Promise<EntityDefinition | undefined>;
  /** Endpoints the definition in force names already (the server allows them). */
  endpointsBefore: ReadonlySet<string>;
  /** The server's last refusal (by JSON path). */
  refused: ServerMessage[];
  onChange: (next: EntityDefinition) => void;
  onProblem: (id: string, problem: boolean) => void;
}

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: '12px', minWidth: 0 },
  head: { display: 'flex', flexWrap: 'wrap', gap: '12px', alignItems: 'center' },
  hint: { color: tokens.colorNeutralForeground3 },
});

export function AutomationsEditor(props: AutomationsEditorProps) {
  const { id, definition, lang, choices, onChange, onProblem, definitionOf } = props;
  const { t } = useTranslation();
  const styles = useStyles();
  const [technical, setTechnical] = useState(false);
  const style: NameStyle = technical ? 'key' : lang;
  const names = useMemo(() => namesOf(definition), [definition]);
  const [drafts, setDrafts] = useState<AutomationDraft[]>(() =>
    draftsOf(definition.automations, names, style),
  );
  const [targets, setTargets] = useState<ReadonlyMap<string, EntityDefinition>>(new Map());

  // the entities documents are made of, loaded once each (their fields are the template's)
  const wanted = drafts.flatMap((d) =>
    d.actions.flatMap((a) => (a.kind === 'createDocument' && a.entity ? [a.entity] : [])),
  );
  const missing = [...new Set(wanted)].filter((k) => !targets.has(k)).join(',');
  useEffect(() => {
    if (!missing) return;
    let live = true;
    for (const key of missing.split(','))
      void definitionOf(key).then((def) => {
        if (live && def) setTargets((m) => new Map(m).set(key, def));
      });
    return () => {
      live = false;
    };
  }, [missing, definitionOf]);

  const entityKeys = useMemo(() => new Set(props.entities.map((e) => e.key)), [props.entities]);
  const checked = useMemo(
    () =>
      draftProblems(definition, drafts, {
        defOf: (k) => targets.get(k),
        entities: entityKeys,
        endpoints: choices ? new Set(choices.endpoints) : undefined,
        endpointsBefore: props.endpointsBefore,
      }),
    [definition, drafts, targets, entityKeys, choices, props.endpointsBefore],
  );
  const hasProblem = checked.problems.length > 0;
  useEffect(() => {
    onProblem(id, hasProblem);
  }, [id, hasProblem, onProblem]);
  useEffect(
    () => () => {
      onProblem(id, false);
    },
    [id, onProblem],
  );

  const commit = (next: AutomationDraft[]) => {
    setDrafts(next);
    const made = draftProblems(definition, next, { defOf: () => undefined, entities: entityKeys });
    // only well-formed automations reach the definition (a formula being typed does not)
    const own = made.problems.filter((p) => p.key.startsWith('automationDesigner.problem.'));
    if (!own.length) onChange(withAutomations(definition, made.automations));
  };

  const text = (p: DraftProblem) => t(p.key, p.params);
  const refusedAt = (i: number, j?: number) =>
    props.refused
      .filter((m) => {
        const at = placeOf(m.FieldName);
        return at?.automation === i && at.action === j;
      })
      .map((m) => m.Message);
  const problemsOf = (i: number, j?: number) => [
    ...checked.problems.filter((p) => p.automation === i && p.action === j).map(text),
    ...refusedAt(i, j),
  ];

  return (
    <section className={styles.root} aria-label={t('automationDesigner.title')} data-automations="">
      <div className={styles.head}>
        <Switch
          label={t('formula.technicalNames')}
          checked={technical}
          onChange={(_, d) => {
            setTechnical(d.checked);
            setDrafts(restyleDrafts(drafts, names, d.checked ? 'key' : lang));
          }}
        />
      </div>
      <div className={styles.hint}>{t('automationDesigner.intro')}</div>
      {!choices && (
        <MessageBar intent="warning">
          <MessageBarBody>{t('automationDesigner.choicesMissing')}</MessageBarBody>
        </MessageBar>
      )}
      {!drafts.length && <div>{t('automationDesigner.none')}</div>}
      {drafts.map((d, i) => (
        <AutomationCard
          key={i}
          id={`${id}-${i}`}
          draft={d}
          definition={definition}
          lang={lang}
          names={names}
          style={style}
          choices={choices}
          entities={props.entities}
          targetOf={(k) => targets.get(k)}
          problems={problemsOf(i)}
          actionProblems={(j) => problemsOf(i, j)}
          onChange={(next) => commit(drafts.map((x, k) => (k === i ? next : x)))}
          onRemove={() => commit(drafts.filter((_, k) => k !== i))}
        />
      ))}
      <div>
        <Button appearance="primary" onClick={() => commit([...drafts, newDraft(drafts)])}>
          {t('automationDesigner.add')}
        </Button>
      </div>
    </section>
  );
}
