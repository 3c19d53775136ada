/**
 * Documents dated inside a closed fiscal period (accounting/fiscalPeriod with closed = true) cannot
 * be created, changed or deleted: 417 with Data.BusinessErrors.
 */
import type { Lang } from '../../../runtime/shared/definition';
import { t } from '../../i18n';
import { HttpError } from '../../http/errors';
import type { EntityRule } from './types';
import type { Untyped } from '../../db/untyped';

const PERIODS_TABLE = 'e_accounting_fiscalperiod';

export const closedPeriodRule: EntityRule = {
  name: 'closedPeriod',
  async run({ trx, before, values }) {
    for (const date of [values?.date, before?.date]) {
      if (typeof date !== 'string') continue;
      const periods = (await (trx as unknown as Untyped)
        .selectFrom(PERIODS_TABLE)
        .select(['title', 'closed'])
        .where('startDate', '<=', date)
        .where('endDate', '>=', date)
        .execute()) as { title: string; closed: unknown }[];
      const closed = periods.find((p) => p.closed === true || p.closed === 1);
      if (closed)
        throw new HttpError(417, 'BusinessRuleViolated', [], [], {}, (lang: Lang) => ({
          BusinessErrors: [t(lang, 'errors.FiscalPeriodClosed', { title: closed.title })],
        }));
    }
    return values;
  },
};
