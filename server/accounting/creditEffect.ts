/**
 * The "credit" effect (server/entities/write/steps/effects.ts) of every definition that declares
 * `credit` (runtime/shared/credit.ts, docs/credit.md): when such a document is finalised, the
 * party it names is locked (PostgreSQL `SELECT … FOR UPDATE` on its row, in the finalise's
 * transaction; SQLite has one writer), its open balance is read from the general ledger
 * (partyBalance.ts) and, when the party has a limit and the balance plus this document's amount
 * passes it, the setting `sales.creditLimit.mode` (or the declaration's `modeSetting`) decides:
 * `refuse` (the default) answers 417 BusinessRuleViolated naming the party, the limit, the balance,
 * the amount and the excess, and nothing of the finalisation is kept; `warn` lets it pass and leaves
 * the same text in the answer's messages (WriteRequest.notices); `off` checks nothing.
 *
 * Registered before the stock and posting effects (server/app.ts): the balance read is the one
 * before this document's voucher, and a refusal costs no stock move. Holding the party's lock until
 * commit, two documents of one party finalised at once are checked one after the other: the second
 * reads the balance with the first's voucher in it (PostgreSQL's read committed: each statement sees
 * what committed before it).
 *
 * The figures are the party's: they are told only to a finaliser whose role may view the party's
 * entity and its limit field; anyone else is told that the credit does not cover the document,
 * without figures.
 */
import { localText, type Lang } from '../../runtime/shared/definition';
import {
  CREDIT_MODE_SETTING,
  creditAmount,
  creditExcess,
  creditLimitOf,
  creditMode,
  creditParams,
  type CreditDefinition,
  type CreditFigures,
} from '../../runtime/shared/credit';
import { DETAIL_ACCOUNT_FIELD } from '../../runtime/shared/detailAccount';
import type { Entity } from '../definitions/registry';
import { HttpError } from '../http/errors';
import { message, t } from '../i18n';
import type { Row } from '../entities/rows';
import type { WriteState } from '../entities/write/state';
import { registerEffect } from '../entities/write/steps/effects';
import { entityPermissions } from '../security/permissions';
import { fieldModes } from '../security/fieldAccess';
import { settingValues } from './chart';
import { accountsUnder, codesOf, partyBalance } from './partyBalance';

/** A refusal of the check itself (the declaration cannot be applied), with its text key under `credit`. */
function creditError(key: string, params: (lang: Lang) => Record<string, unknown>): HttpError {
  return new HttpError(417, 'BusinessRuleViolated', [], [], {}, (lang: Lang) => ({
    BusinessErrors: [t(lang, `credit.${key}`, params(lang))],
  }));
}

/** The party's row as the check reads it, locked until the transaction ends. */
interface PartyRow {
  title: string;
  limit: unknown;
  detail: number | null;
}

/** Reads (and on PostgreSQL locks) the party's row: its limit, detail account and display text. */
async function lockParty(
  w: WriteState,
  party: Entity,
  spec: CreditDefinition,
  id: number,
): Promise<PartyRow | null> {
  const lookup = w.entity.def.fields[spec.party]?.lookup;
  const display = lookup?.displayField ?? party.def.displayField;
  const code = lookup?.codeField && lookup.codeField !== display ? lookup.codeField : null;
  const columns = [
    ...new Set(['id', spec.limitField, DETAIL_ACCOUNT_FIELD, display, ...(code ? [code] : [])]),
  ];
  let q = w.db.selectFrom(party.table).select(columns).where('id', '=', id);
  if (w.ctx.dialect === 'postgres') q = q.forUpdate();
  const row = (await q.executeTakeFirst()) as Row | undefined;
  if (!row) return null;
  const name = row[display] === null || row[display] === undefined ? String(id) : String(row[display]);
  const codeText = code ? row[code] : null;
  const detail = Number(row[DETAIL_ACCOUNT_FIELD]);
  return {
    title: codeText ? `${String(codeText)} — ${name}` : name,
    limit: row[spec.limitField],
    detail: Number.isInteger(detail) && detail > 0 ? detail : null,
  };
}

/** The accounts of the declaration (ids, with every account under them): 417 when it names none. */
async function accountsOf(w: WriteState, spec: CreditDefinition): Promise<number[]> {
  const ref = spec.account;
  const codes =
    'code' in ref ? [ref.code] : codesOf((await settingValues(w.db, [ref.setting])).get(ref.setting));
  const accounts = await accountsUnder(w.db, w.ctx.registry, codes);
  if (accounts.length > 0) return accounts;
  if ('code' in ref) throw creditError('accountMissing', () => ({ code: ref.code }));
  throw creditError('settingMissing', () => ({ setting: ref.setting, code: codes.join(', ') }));
}

/**
 * Whether the finaliser may be told the party's figures: its role views the party's entity and
 * its limit field is not hidden from it (read in the write's transaction). A write of the server's
 * own (no user) tells nobody.
 */
async function mayReadFigures(w: WriteState, party: Entity, limitField: string): Promise<boolean> {
  if (!w.user) return true;
  const perms = await entityPermissions(w.ctx, w.user, party.key, w.trx);
  if (!perms.view) return false;
  return (await fieldModes(w.ctx, w.user, party, w.trx)).get(limitField) !== 'hidden';
}

/** Checks the credit of the party of the finalised document of `w`. */
async function finalise(w: WriteState): Promise<void> {
  const spec = w.entity.def.credit;
  if (!spec || !w.row) return;
  const modeKey = spec.modeSetting ?? CREDIT_MODE_SETTING;
  const mode = creditMode((await settingValues(w.db, [modeKey])).get(modeKey));
  if (mode === 'off') return;
  const amount = creditAmount(spec.amount, w.row, w.lines);
  if (amount === null) throw creditError('amountInvalid', () => ({}));
  // a document that adds nothing (or takes away) asks for no credit
  if (amount <= 0n) return;
  const partyId = Number(w.row[spec.party]);
  const meta = w.entity.def.fields[spec.party];
  const party = meta?.lookup ? w.ctx.registry.byEntityKey(meta.lookup.entity) : undefined;
  if (!party || !Number.isInteger(partyId) || partyId < 1) return;
  const row = await lockParty(w, party, spec, partyId);
  const limit = row ? creditLimitOf(row.limit) : null;
  if (!row || limit === null) return;
  const accounts = await accountsOf(w, spec);
  const balance = row.detail ? await partyBalance(w.db, accounts, row.detail, spec.open ?? 'debit') : 0n;
  const figures: CreditFigures = { limit, balance, amount };
  const excess = creditExcess(figures);
  if (excess === null) return;
  const shown = await mayReadFigures(w, party, spec.limitField);
  const key = shown ? 'credit.exceeded' : 'credit.exceededHidden';
  const params = (lang: Lang) => {
    const label = localText(meta?.label, lang);
    return shown ? creditParams(row.title, label, figures, excess, lang) : { label, party: row.title };
  };
  if (mode === 'refuse')
    throw new HttpError(417, 'BusinessRuleViolated', [], [], {}, (lang: Lang) => ({
      BusinessErrors: [t(lang, key, params(lang))],
    }));
  w.request.notices?.push(message(w.lang, key, params(w.lang)));
}

/** Registers the credit effect (idempotent); before the stock and posting effects. */
export function registerCreditEffect(): void {
  registerEffect({ name: 'credit', onFinalise: finalise });
}
