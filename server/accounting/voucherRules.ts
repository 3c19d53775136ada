/**
 * Entity rules of the ledger's entities (server/entities/rules/index.ts). Vouchers, on every save
 * and on Finalise: each line's account is postable (a subsidiary account, level 3, active) and
 * carries a detail account exactly where the account's detail groups ask for one, of that group
 * (417 on the line's cell, TableMessageTexts naming the line and the field). The header's kind and
 * source are the server's: a user's voucher is `manual` without a source; only an effect (a
 * posting) writes the others, and keeps them. Detail accounts: a floating one's source and group
 * are the server's.
 */
import type { Lang } from '../../runtime/shared/definition';
import type { TableMessage } from '../../runtime/shared/envelope';
import { invalid } from '../http/errors';
import { cellMessage } from '../i18n';
import type { Row } from '../entities/rows';
import type { EntityRule } from '../entities/rules/types';
import type { Untyped } from '../db/untyped';
import {
  accountsById,
  detailGroupNames,
  detailsById,
  POSTABLE_LEVEL,
  type AccountInfo,
  type DetailInfo,
} from './chart';

/** Header fields only the server writes. */
const SERVER_FIELDS = ['kind', 'sourceEntity', 'sourceId', 'reverses'] as const;
const DETAIL_FIELDS = ['detail1', 'detail2'] as const;

const asId = (v: unknown): number | null =>
  typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : null;

/** The header's server fields: a user's new voucher is manual; an update keeps what is stored. */
function serverFields(values: Row, before: Row | null): Row {
  const out: Row = { ...values };
  for (const f of SERVER_FIELDS) {
    if (before && before[f] !== undefined) out[f] = before[f];
    else delete out[f];
  }
  if (!before) out.kind = 'manual';
  return out;
}

/** The 417 cells of lines whose account or detail accounts are not what the chart asks. */
export async function voucherLineProblems(
  db: Untyped,
  lines: readonly Row[],
  lang: Lang,
): Promise<TableMessage[]> {
  const accounts = await accountsById(
    db,
    lines.map((l) => asId(l.account)).filter((id): id is number => id !== null),
  );
  const details = await detailsById(
    db,
    lines.flatMap((l) => DETAIL_FIELDS.map((f) => asId(l[f]))).filter((id): id is number => id !== null),
  );
  const groups = await detailGroupNames(
    db,
    [...accounts.values()].flatMap((a) => a.detailGroups.filter((g): g is number => g !== null)),
  );
  const out: TableMessage[] = [];
  lines.forEach((line, index) => {
    const account = accounts.get(asId(line.account) ?? 0);
    if (!account) return; // the references step answers a missing account
    const cell = (field: string, key: string, params: Record<string, unknown>) =>
      out.push(cellMessage(lang, 'lines', index, field, `accountingChecks.${key}`, params));
    const name = `${account.code} ${account.name}`;
    if (account.level !== POSTABLE_LEVEL || !account.active) {
      cell('account', account.active ? 'notSubsidiary' : 'inactive', { account: name });
      return;
    }
    DETAIL_FIELDS.forEach((field, level) =>
      detailProblem(account, details, groups, line, field, level, cell),
    );
  });
  return out;
}

function detailProblem(
  account: AccountInfo,
  details: Map<number, DetailInfo>,
  groups: Map<number, string>,
  line: Row,
  field: (typeof DETAIL_FIELDS)[number],
  level: number,
  cell: (field: string, key: string, params: Record<string, unknown>) => void,
): void {
  const group = account.detailGroups[level] ?? null;
  const id = asId(line[field]);
  const name = `${account.code} ${account.name}`;
  if (group === null) {
    if (id !== null) cell(field, 'detailNotTaken', { account: name });
    return;
  }
  const groupName = groups.get(group) ?? String(group);
  if (id === null) {
    cell(field, 'detailRequired', { account: name, group: groupName });
    return;
  }
  const detail = details.get(id);
  if (detail && detail.group !== group)
    cell(field, 'detailWrongGroup', { detail: `${detail.code} ${detail.name}`, group: groupName });
}

export const voucherRule: EntityRule = {
  name: 'voucherLines',
  async run({ trx, action, before, values, lines, byEffect, lang }) {
    if (action === 'delete' || !values) return values;
    const out = byEffect ? values : serverFields(values, before);
    const problems = await voucherLineProblems(trx as unknown as Untyped, lines.lines ?? [], lang);
    if (problems.length) throw invalid([], problems);
    return out;
  },
};

/**
 * The entity rule of detail accounts: the source of a floating detail account is the server's (a
 * user's new detail account has none, an update keeps it), and a floating one stays in its group.
 */
export const detailAccountRule: EntityRule = {
  name: 'floatingDetail',
  async run({ action, before, values, byEffect }) {
    if (action === 'delete' || !values || byEffect) return values;
    const out: Row = { ...values };
    for (const f of ['sourceEntity', 'sourceId']) {
      if (before && before[f] !== undefined) out[f] = before[f];
      else delete out[f];
    }
    if (before?.sourceEntity !== undefined) out.detailGroup = before.detailGroup;
    return out;
  },
};
