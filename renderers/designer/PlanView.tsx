/** Designer/Plan's answer shown to the analyst: each change, rows it touches, breaking ones marked. */
import {
  Badge,
  makeStyles,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  tokens,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { localDigits } from '../format/digits';
import type { Lang } from '../../runtime/shared/definition';
import type { PlanAnswer } from '../../runtime/shared/plan';

export type { PlanChange } from '../../runtime/shared/plan';
/** The answer of SystemConfig/Designer/Plan (runtime/shared/plan.ts). */
export type Plan = PlanAnswer;

const useStyles = makeStyles({
  breaking: { backgroundColor: tokens.colorPaletteRedBackground2 },
});

export function PlanView({ plan, lang }: { plan: Plan; lang: Lang }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const digits = (n: number) => localDigits(String(n), lang);
  if (plan.changes.length === 0) return <Text>{t('designer.plan.none')}</Text>;
  return (
    <Table aria-label={t('designer.plan.title')} size="small">
      <TableHeader>
        <TableRow>
          <TableHeaderCell>{t('designer.plan.kind')}</TableHeaderCell>
          <TableHeaderCell>{t('designer.plan.field')}</TableHeaderCell>
          <TableHeaderCell>{t('designer.plan.message')}</TableHeaderCell>
          <TableHeaderCell>{t('designer.plan.rows')}</TableHeaderCell>
        </TableRow>
      </TableHeader>
      <TableBody>
        {plan.changes.map((c, i) => (
          <TableRow
            key={i}
            className={c.breaking ? styles.breaking : undefined}
            data-breaking={c.breaking || undefined}
          >
            <TableCell>
              {t(`designer.plan.kinds.${c.kind}`)}
              {c.breaking && (
                <Badge color="danger" style={{ marginInlineStart: '4px' }}>
                  {t('designer.plan.breaking')}
                </Badge>
              )}
            </TableCell>
            <TableCell dir="ltr">{c.field ?? ''}</TableCell>
            <TableCell>{c.message}</TableCell>
            <TableCell>{digits(c.rows)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
