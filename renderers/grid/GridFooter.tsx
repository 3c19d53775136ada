/**
 * The grid's footer: the count of the rows the filter and quick search select, and the sum of each
 * money column over them, as the server computed them (GetList `totals`; exact decimal text, shown
 * grouped and in Persian digits under fa), for the money columns the grid shows. A money field
 * hidden from the role has no sum.
 */
import { makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { ListTotals } from '../../runtime/shared/envelope';
import { fieldLabel } from '../../runtime/shared/fieldKind';
import type { EntityDefinition, Lang } from '../../runtime/shared/definition';
import { groupSeparator, groupThousands, localDigits } from '../format';

const useStyles = makeStyles({
  footer: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: '4px 20px',
    padding: '6px 12px',
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground2,
    fontSize: tokens.fontSizeBase200,
    color: tokens.colorNeutralForeground2,
  },
  value: { fontWeight: tokens.fontWeightSemibold, color: tokens.colorNeutralForeground1 },
});

/** An exact decimal text (maybe past 2^53) grouped by thousands in the digits of `lang`. */
export function sumText(sum: string, lang: Lang): string {
  return localDigits(groupThousands(sum, groupSeparator(lang)), lang);
}

export function GridFooter({
  definition,
  lang,
  totals,
}: {
  definition: EntityDefinition;
  lang: Lang;
  totals: ListTotals;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  // the money columns of the grid, in its column order (a field hidden from the role has no sum)
  const names = definition.list.columns.filter((name) => totals.sums[name] !== undefined);
  return (
    <div className={styles.footer} role="status" aria-label={t('gridWork.totals')} data-grid-footer="">
      <span data-total="count" className={styles.value}>
        {t('gridWork.rowCount', { count: localDigits(String(totals.count), lang) })}
      </span>
      {names.map((name) => (
        <span key={name} data-total={name}>
          {localDigits(fieldLabel(definition, name, lang), lang)}:{' '}
          <span className={styles.value}>{sumText(totals.sums[name] ?? '0', lang)}</span>
        </span>
      ))}
    </div>
  );
}
