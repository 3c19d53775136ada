/**
 * /systemConfig/designer: the screen designer. The analyst picks an entity (or starts a new one),
 * edits it in a form generated over the definition format's schema, previews the form and the
 * grid, reviews the plan and publishes; older versions can be made active again. Published
 * definitions are used by the next request (the menu and screens are reloaded here at once).
 */
import {
  makeStyles,
  MessageBar,
  MessageBarBody,
  Spinner,
  Tab,
  TabList,
  Title3,
  Button,
} from '@fluentui/react-components';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router-dom';
import { DesignerForm, emptyDefinition, type EntityChoice } from '../../../renderers/designer';
import { localDigits } from '../../../renderers/format';
import { getLang } from '../../../runtime/lang';
import type { EntityDefinition } from '../../../runtime/shared/definition';
import type { ServerMessage } from '../../../runtime/shared/envelope';
import { toast } from '../../../runtime/ui/toasts';
import { WIDE_QUERY } from './EntityList';
import { designerApi, type DesignerEntry, type StoredDefinition } from './api';
import { FormPreview, GridPreview } from './DesignerPreview';
import { EntityList, entryTitle } from './EntityList';
import { AutomationsTab } from './AutomationsTab';
import { LayoutTab } from './LayoutTab';
import { PrintTab } from './PrintTab';
import { PublishDialog } from './PublishDialog';
import { refreshAfterPublish } from './refresh';
import { VersionHistory } from './VersionHistory';

type TabName = 'editor' | 'layout' | 'print' | 'automations' | 'form' | 'grid' | 'history';
/** The tabs named by their own sections of the i18n files; the others by designer.tabs.* */
const TAB_LABELS: Partial<Record<TabName, string>> = {
  layout: 'formLayout.tab',
  print: 'printDesigner.tab',
  automations: 'automationDesigner.tab',
};

const useStyles = makeStyles({
  page: {
    display: 'grid',
    // minmax(0, …): a wide table in the editor scrolls in its box instead of widening the page
    // the entity list above the editor, which takes the whole width (at 1366 px beside the menu a
    // list column left the fields table 800 px); beside it only on a wide screen
    gridTemplateColumns: 'minmax(0, 1fr)',
    gap: '16px',
    alignItems: 'start',
    [`@media ${WIDE_QUERY}`]: { gridTemplateColumns: 'minmax(200px, 260px) minmax(0, 1fr)' },
  },
  bar: { display: 'flex', flexWrap: 'wrap', gap: '8px', alignItems: 'center', margin: '8px 0' },
  // the six tabs wrap on a tablet instead of widening the page
  tabs: { flexWrap: 'wrap', minWidth: 0, maxWidth: '100%', flexShrink: 1 },
});

export function DesignerPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const lang = getLang();
  const { revalidate } = useRevalidator();
  const [entries, setEntries] = useState<DesignerEntry[] | null>(null);
  const [schema, setSchema] = useState<unknown>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [stored, setStored] = useState<StoredDefinition | null>(null);
  const [draft, setDraft] = useState<EntityDefinition | null>(null);
  const [tab, setTab] = useState<TabName>('editor');
  const [problems, setProblems] = useState<ReadonlySet<string>>(new Set());
  const [publishing, setPublishing] = useState(false);
  const [refused, setRefused] = useState<ServerMessage[]>([]);
  // a new editor (its text fields start again) for every definition opened or published
  const [edition, setEdition] = useState(0);

  const loadList = useCallback(() => designerApi.list().then(setEntries), []);
  useEffect(() => {
    void loadList().catch(() => setEntries([]));
    designerApi.schema().then(setSchema, () => undefined);
  }, [loadList]);

  const open = useCallback(async (key: string) => {
    const got = await designerApi.get(key);
    setSelected(key);
    setStored(got);
    setDraft(got.definition);
    setProblems(new Set());
    setEdition((n) => n + 1);
  }, []);

  const startNew = () => {
    setSelected(null);
    setStored(null);
    setDraft(emptyDefinition('common', 'newEntity'));
    setTab('editor');
    setProblems(new Set());
    setEdition((n) => n + 1);
  };

  // the server's messages stand until the draft changes
  const changeDraft = useCallback((next: EntityDefinition) => {
    setDraft(next);
    setRefused((r) => (r.length ? [] : r));
  }, []);

  const onProblem = useCallback((id: string, problem: boolean) => {
    setProblems((s) => {
      if (s.has(id) === problem) return s;
      const next = new Set(s);
      if (problem) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);

  const entities = useMemo<EntityChoice[]>(
    () =>
      (entries ?? []).map((e) => ({ key: e.key, title: entryTitle(e, lang), displayField: e.displayField })),
    [entries, lang],
  );

  const displayFieldOf = useCallback(
    (key: string) =>
      designerApi.get(key).then(
        (d) => d.definition.displayField,
        () => undefined,
      ),
    [],
  );

  const afterChange = async (result: { key: string; version: number }, text: string) => {
    toast({ text, kind: 'success', params: { version: localDigits(String(result.version), lang) } });
    await refreshAfterPublish(revalidate);
    await loadList();
    await open(result.key);
  };

  const rollback = async (version: number) => {
    if (!selected) return;
    const result = await designerApi.rollback(selected, version);
    await afterChange(result, 'designer.history.done');
  };

  if (!entries || !schema) return <Spinner label={t('app.loading')} />;
  return (
    <section>
      <Title3 as="h1">{t('designer.title')}</Title3>
      <div className={styles.page}>
        <EntityList
          entries={entries}
          selected={selected}
          lang={lang}
          onSelect={(k) => void open(k)}
          onNew={startNew}
        />
        {draft ? (
          <div>
            <div className={styles.bar}>
              <TabList
                className={styles.tabs}
                selectedValue={tab}
                onTabSelect={(_, d) => setTab(d.value as TabName)}
              >
                {(['editor', 'layout', 'print', 'automations', 'form', 'grid', 'history'] as const).map(
                  (name) => (
                    <Tab key={name} value={name} disabled={name === 'history' && !stored}>
                      {t(TAB_LABELS[name] ?? `designer.tabs.${name}`)}
                    </Tab>
                  ),
                )}
              </TabList>
              <Button appearance="primary" disabled={problems.size > 0} onClick={() => setPublishing(true)}>
                {t('designer.publish.open')}
              </Button>
            </div>
            {problems.size > 0 && (
              <MessageBar intent="warning">
                <MessageBarBody>{t('designer.fixProblems')}</MessageBarBody>
              </MessageBar>
            )}
            <div hidden={tab !== 'editor'}>
              <DesignerForm
                key={edition}
                schema={schema}
                definition={draft}
                onChange={changeDraft}
                entities={entities}
                lang={lang}
                onProblem={onProblem}
                errors={refused}
                displayFieldOf={displayFieldOf}
              />
            </div>
            {tab === 'layout' && <LayoutTab draft={draft} lang={lang} onChange={changeDraft} />}
            {tab === 'print' && (
              <PrintTab draft={draft} lang={lang} onChange={changeDraft} onProblem={onProblem} />
            )}
            {/* kept while another tab shows: a formula being typed and its problem stay */}
            <div hidden={tab !== 'automations'}>
              <AutomationsTab
                key={edition}
                draft={draft}
                inForce={stored?.definition ?? null}
                lang={lang}
                entities={entities}
                refused={refused}
                onChange={changeDraft}
                onProblem={onProblem}
              />
            </div>
            {tab === 'form' && <FormPreview draft={draft} lang={lang} />}
            {tab === 'grid' && <GridPreview draft={draft} lang={lang} />}
            {tab === 'history' && stored && (
              <VersionHistory
                versions={stored.versions}
                active={stored.version}
                lang={lang}
                onRollback={(v) => void rollback(v)}
              />
            )}
          </div>
        ) : (
          <MessageBar>
            <MessageBarBody>{t('designer.pick')}</MessageBarBody>
          </MessageBar>
        )}
      </div>
      {publishing && draft && (
        <PublishDialog
          draft={draft}
          lang={lang}
          onClose={() => setPublishing(false)}
          onRefused={setRefused}
          onPublished={(result) => {
            setPublishing(false);
            void afterChange(result, 'designer.publish.done');
          }}
        />
      )}
    </section>
  );
}
