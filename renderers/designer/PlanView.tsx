/** Designer/Plan's answer shown to the analyst: each change, rows it touches, breaking ones marked. */
import { Badge, makeStyles, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { localDigits } from '../format/digits';
import type { Lang } from '../../runtime/shared/definition';
import { DataTable } from '../table/DataTable';
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
  return (
    <DataTable
      label={t('designer.plan.title')}
      columns={[
        {
          id: 'kind',
          header: t('designer.plan.kind'),
          cell: (c) => (
            <>
              {t(`designer.plan.kinds.${c.kind}`)}
              {c.breaking && (
                <Badge color="danger" style={{ marginInlineStart: '4px' }}>
                  {t('designer.plan.breaking')}
                </Badge>
              )}
            </>
          ),
        },
        { id: 'field', header: t('designer.plan.field'), dir: 'ltr', cell: (c) => c.field ?? '' },
        { id: 'message', header: t('designer.plan.message'), cell: (c) => c.message },
        { id: 'rows', header: t('designer.plan.rows'), cell: (c) => digits(c.rows) },
      ]}
      rows={plan.changes}
      rowProps={(c) => ({
        className: c.breaking ? styles.breaking : undefined,
        'data-breaking': c.breaking || undefined,
      })}
      empty={<Text>{t('designer.plan.none')}</Text>}
    />
  );
}
