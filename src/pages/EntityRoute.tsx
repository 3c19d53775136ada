/**
 * /:module/:entity: loads the definition and permissions through runtime/meta and draws the
 * generated screen; `?open={id}` opens that row's form, `?from={module.name}:{id}` a new one made
 * from that final source (docs/chain.md). No component exists for any particular
 * entity.
 */
import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { MessageBar, MessageBarBody, Spinner } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { EntityScreen } from '../../renderers/screen/EntityScreen';
import { splitEntityKey } from '../../renderers/form/lookup';
import { loadDefinition, loadPermissions } from '../../runtime/meta/loaders';
import { createEntityClient } from '../../runtime/meta/entityClient';
import { segments } from '../../runtime/guards';
import { getLang } from '../../runtime/lang';
import { localText, type EntityDefinition, type EntityPermissions } from '../../runtime/shared/definition';
import { useScreenTitle } from '../title';
import { useLoad } from '../../renderers/hooks/useLoad';
import { openParam } from '../../renderers/screen/postingLinks';
import { fromParam } from '../../runtime/shared/chain';

/** The hidden grid the shell draws once ahead of the first click (src/prefetch.ts): in this chunk. */
export { warmUpGrid } from '../../renderers/grid/warmUp';

type Loaded = { definition: EntityDefinition; permissions: EntityPermissions };

/** Clients of other entities for lookups ('module.name'); module-level so it stays the same. */
const clientFor = (entityKey: string) => createEntityClient(splitEntityKey(entityKey));

export function EntityRoute() {
  const { t } = useTranslation();
  const { entity = '' } = useParams();
  const location = useLocation();
  const module = segments(location.pathname)[0] ?? '';
  const lang = getLang();
  const key = `${module}.${entity}`;
  // `?open={id}` opens that row's form; then the URL drops it (back leaves the screen, as it came)
  // (read from the location: react-router's useSearchParams would weigh on the login route's entry)
  const navigate = useNavigate();
  const { search } = location;
  const openId = openParam(search) ?? undefined;
  // `?from={module.name}:{id}`: a new document made from that final source (docs/chain.md)
  const fromSource = useMemo(() => fromParam(search) ?? undefined, [search]);
  const onOpened = useCallback(() => {
    const next = new URLSearchParams(search);
    next.delete('open');
    next.delete('from');
    const rest = next.toString();
    void navigate({ search: rest ? `?${rest}` : '' }, { replace: true });
  }, [navigate, search]);

  // the form's precompiled validators are fetched by the screen once its rows show
  // (renderers/screen/lazyParts.ts): the grid waits for nothing the form needs
  const load = useLoad(
    () =>
      Promise.all([loadDefinition(module, entity), loadPermissions(module, entity)]).then(
        ([definition, permissions]): Loaded => ({ definition, permissions }),
      ),
    [module, entity, lang],
  );
  const definition = load.data?.definition;
  useScreenTitle(definition ? localText(definition.title, lang) : null);
  const client = useMemo(() => (definition ? createEntityClient(definition) : null), [definition]);

  if (load.failed) {
    return (
      <MessageBar intent="error" role="alert">
        <MessageBarBody>{t('errors.UnknownEntity')}</MessageBarBody>
      </MessageBar>
    );
  }
  if (!definition || !client || !load.data) return <Spinner label={t('app.loading')} />;
  return (
    <EntityScreen
      key={key}
      definition={definition}
      permissions={load.data.permissions}
      client={client}
      lang={lang}
      clientFor={clientFor}
      openId={openId}
      onOpened={onOpened}
      fromSource={fromSource}
    />
  );
}
