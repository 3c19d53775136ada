/**
 * Checks of a definition's `credit` declaration (runtime/shared/credit.ts, docs/credit.md), each
 * problem with its JSON path and a `designerCheck.{key}` text:
 * - on its own (creditProblems, part of safety.ts, so at start and on Plan/Publish): a lifecycle
 *   (the check runs on Finalise), `party` a lookup field of the document, `amount` when a name a
 *   number field of the document (an expression is checked with the definition's others);
 * - against the other definitions (creditLookupProblems, at start over the files and on Publish
 *   over the registry): the party's entity declares `detailAccount` (its balance is its detail
 *   account's) and `limitField` is a whole-Rial field of it;
 * - against the database (creditDataProblems, on Plan/Publish): the account code, or the codes the
 *   setting holds, name accounts of the chart.
 */
import type { EntityDefinition } from '../../runtime/shared/definition';
import { kindOf } from '../../runtime/shared/fieldKind';
import type { Expr } from '../../runtime/shared/rules';
import type { Untyped } from '../db/untyped';
import { accountsByCode, settingValues } from '../accounting/chart';
import { codesOf } from '../accounting/partyBalance';

export interface CreditProblem {
  path: string;
  key: string;
  params: Record<string, unknown>;
}

const NUMBER_KINDS = new Set(['integer', 'decimal', 'money', 'percent']);
/** A limit is whole Rial. */
const LIMIT_KINDS = new Set(['integer', 'money']);

/** Problems of the declaration on its own (the definition as in force, expanded). */
export function creditProblems(def: EntityDefinition): CreditProblem[] {
  const credit = def.credit;
  if (!credit) return [];
  const out: CreditProblem[] = [];
  if (!def.lifecycle) out.push({ path: '/credit', key: 'creditNoLifecycle', params: {} });
  const party = Object.hasOwn(def.fields, credit.party) ? def.fields[credit.party] : undefined;
  if (!party?.lookup)
    out.push({ path: '/credit/party', key: 'creditParty', params: { field: credit.party } });
  const amount = credit.amount;
  if (
    typeof amount === 'string' &&
    (!Object.hasOwn(def.schema.properties, amount) || !NUMBER_KINDS.has(kindOf(def, amount)))
  )
    out.push({ path: '/credit/amount', key: 'creditAmountField', params: { field: amount } });
  return out;
}

/** The amount's expression with its JSON path (safety.ts tries it within the budget), if any. */
export function creditExpressions(def: EntityDefinition): [string, Expr][] {
  const amount = def.credit?.amount;
  return amount === undefined || typeof amount === 'string' ? [] : [['/credit/amount', amount]];
}

/**
 * Problems of the party's entity (`defOf`: a definition by key, as in force, the definition itself
 * included): it has a detail account, and the limit field is a whole-Rial field of it.
 */
export function creditLookupProblems(
  def: EntityDefinition,
  defOf: (key: string) => EntityDefinition | undefined,
): CreditProblem[] {
  const credit = def.credit;
  const entity =
    credit && Object.hasOwn(def.fields, credit.party) ? def.fields[credit.party]?.lookup?.entity : undefined;
  const party = entity ? defOf(entity) : undefined;
  if (!credit || !entity || !party) return [];
  const out: CreditProblem[] = [];
  if (!party.detailAccount)
    out.push({ path: '/credit/party', key: 'creditPartyDetail', params: { field: credit.party, entity } });
  const field = credit.limitField;
  if (!Object.hasOwn(party.schema.properties, field) || !LIMIT_KINDS.has(kindOf(party, field)))
    out.push({ path: '/credit/limitField', key: 'creditLimitField', params: { field, entity } });
  return out;
}

/** Problems of the accounts the declaration names in the database (Plan/Publish). */
export async function creditDataProblems(db: Untyped, def: EntityDefinition): Promise<CreditProblem[]> {
  const ref = def.credit?.account;
  if (!ref) return [];
  const codes =
    'code' in ref ? [ref.code] : codesOf((await settingValues(db, [ref.setting])).get(ref.setting));
  const found = await accountsByCode(db, codes);
  if (codes.length > 0 && codes.every((c) => found.has(c))) return [];
  return 'code' in ref
    ? [{ path: '/credit/account/code', key: 'creditAccountCode', params: { code: ref.code } }]
    : [
        {
          path: '/credit/account/setting',
          key: 'creditAccountSetting',
          params: { setting: ref.setting, code: codes.join(', ') },
        },
      ];
}
