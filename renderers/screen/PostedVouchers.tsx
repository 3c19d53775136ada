/**
 * In the form of a document whose definition declares `posting` (docs/accounting.md): the vouchers
 * it posted («سند حسابداری: V-1405-000012 (ثبت خودکار)، V-1405-000013 (برگشتی)»), each a link to
 * the voucher on its screen. Asked only for a stored row and when the user may view vouchers.
 */
import { Link, makeStyles, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { EntityClient } from '../../runtime/entity/types';
import { loadDefinition } from '../../runtime/meta/loaders';
import type { EntityDefinition, EntityRow, Lang } from '../../runtime/shared/definition';
import { fieldText } from '../../runtime/shared/fieldKind';
import { navigate } from '../../runtime/ui/navigation';
import { localDigits } from '../format';
import { useLoad } from '../hooks/useLoad';
import { mayLookUp, splitEntityKey } from '../form/lookup';
import { openRowRoute, postedVouchersRequest, rowText, VOUCHER_KEY } from './postingLinks';

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: '4px 12px',
    marginBottom: '12px',
    color: tokens.colorNeutralForeground2,
  },
});

interface Found {
  voucher: EntityDefinition;
  rows: EntityRow[];
}

export function PostedVouchers({
  definition,
  row,
  lang,
  clientFor,
}: {
  definition: EntityDefinition;
  row?: EntityRow;
  lang: Lang;
  clientFor?: (entityKey: string) => EntityClient;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const key = `${definition.module}.${definition.name}`;
  const id = typeof row?.id === 'number' ? row.id : null;
  const load = useLoad<Found | null>(
    definition.posting && id !== null && clientFor
      ? async () => {
          if (!(await mayLookUp(VOUCHER_KEY))) return null;
          const { module, name } = splitEntityKey(VOUCHER_KEY);
          const [voucher, page] = await Promise.all([
            loadDefinition(module, name),
            clientFor(VOUCHER_KEY).getList(postedVouchersRequest(key, id)),
          ]);
          return { voucher, rows: page.rows };
        }
      : null,
    [key, id, clientFor, row?.version],
  );
  const found = load.data;
  if (!found || found.rows.length === 0) return null;
  return (
    <div className={styles.bar} data-posted-vouchers="">
      <Text>{t('postingLinks.vouchers')}</Text>
      {found.rows.map((v) => (
        <Link key={v.id} data-voucher={v.id} onClick={() => navigate(openRowRoute(VOUCHER_KEY, v.id))}>
          {localDigits(
            t('postingLinks.voucherKind', {
              number: rowText(v, found.voucher.displayField, v.id),
              kind: fieldText(found.voucher, 'kind', v.kind, lang),
            }),
            lang,
          )}
        </Link>
      ))}
    </div>
  );
}
