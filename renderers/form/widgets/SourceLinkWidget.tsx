/**
 * The document a row comes from, as a link (a voucher's «سند مبدأ: فاکتورهای فروش INV-1405-000012»):
 * the field holds the source row's id, `ui:options.entityField` names the field holding its entity
 * key («sales.invoice»). Read-only; the link opens the source on its screen
 * (renderers/screen/postingLinks.ts openRowRoute). The source's number is read only when the user
 * may view that entity; otherwise the entity's title and the id show.
 */
import { Link, Text } from '@fluentui/react-components';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { loadDefinition } from '../../../runtime/meta/loaders';
import { localText } from '../../../runtime/shared/definition';
import { navigate } from '../../../runtime/ui/navigation';
import { localDigits } from '../../format';
import { useLoad } from '../../hooks/useLoad';
import { mayLookUp, splitEntityKey } from '../lookup';
import { openRowRoute, rowText } from '../../screen/postingLinks';
import { widgetClientFor, widgetFields, widgetLang, widgetRecord } from './context';

export function SourceLinkWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const lang = widgetLang(props);
  const clientFor = widgetClientFor(props);
  const entityField = typeof props.options.entityField === 'string' ? props.options.entityField : '';
  const key = String(widgetFields(props).valueOf?.(entityField) ?? widgetRecord(props)?.[entityField] ?? '');
  const id = typeof props.value === 'number' ? props.value : null;
  const load = useLoad(
    key.includes('.') && id !== null
      ? async () => {
          const { module, name } = splitEntityKey(key);
          const def = await loadDefinition(module, name);
          const row =
            clientFor && (await mayLookUp(key))
              ? await clientFor(key)
                  .get(id)
                  .catch(() => undefined)
              : undefined;
          return `${localText(def.title, lang)} ${rowText(row, def.displayField, id)}`;
        }
      : null,
    [key, id, lang, clientFor],
  );
  if (!key || id === null) return <Text id={props.id}>—</Text>;
  const name = localDigits(load.data ?? `${key} #${id}`, lang);
  return (
    <Link id={props.id} data-source-link={key} onClick={() => navigate(openRowRoute(key, id))}>
      {t('postingLinks.source', { name })}
    </Link>
  );
}
