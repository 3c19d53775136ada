/**
 * A party's credit limit, declared in a document's definition (`credit`) and checked by the server
 * when such a document is finalised (server/accounting/creditEffect.ts, docs/credit.md): the open
 * balance of the party (its detail account on the declared account, read from the general ledger)
 * plus this document's amount must not pass the limit held on the party's row. An analyst adds a
 * document type that checks credit without code: the declaration names the party lookup, the
 * amount (a field or an expression of the shared rule evaluator, rules.ts), the limit field of the
 * party's row and the account.
 *
 * Example (sales invoice):
 *   "credit": { "party": "customer", "amount": "grandTotal", "limitField": "creditLimit",
 *               "account": { "setting": "accounting.account.receivable" } }
 *
 * What happens when the limit is passed is the setting named by `modeSetting` (default
 * `sales.creditLimit.mode`): `refuse` (the default, also when the setting is missing or holds
 * anything else), `warn` or `off`. Amounts are whole Rial, compared as BigInt here: a balance is a
 * sum over the ledger that may pass 2^53.
 */
import type { Lang, LocalText } from './definition';
import { exactRound } from './decimal';
import { formatMoney } from './fieldKinds/numberText';
import { documentBudget, withinRuleBudget } from './ruleBudget';
import { evaluate, type Expr } from './rules';

/** The setting that says what a passed limit does, unless a declaration names another. */
export const CREDIT_MODE_SETTING = 'sales.creditLimit.mode';
export const CREDIT_MODE_TITLE: LocalText = {
  fa: 'سقف اعتبار مشتری هنگام قطعی کردن: «رد»، «هشدار» یا «بدون بررسی»',
  en: 'Customer credit limit on finalise: refuse, warn or off',
};

export const CREDIT_MODES = ['refuse', 'warn', 'off'] as const;
export type CreditMode = (typeof CREDIT_MODES)[number];
/** What each mode reads as (the settings grid shows them; the Persian word may be typed too). */
export const CREDIT_MODE_LABELS: Record<CreditMode, LocalText> = {
  refuse: { fa: 'رد', en: 'refuse' },
  warn: { fa: 'هشدار', en: 'warn' },
  off: { fa: 'بدون بررسی', en: 'off' },
};
/** The mode of a fresh installation (seeded) and of a setting missing or holding an unknown value. */
export const DEFAULT_CREDIT_MODE: CreditMode = 'refuse';

/** Where the account of the balance comes from: a fixed account code or a setting holding codes. */
export type CreditAccountRef = { code: string } | { setting: string };

export interface CreditDefinition {
  /** A lookup field of the document to the party (its definition declares `detailAccount`). */
  party: string;
  /**
   * What this document adds to the party's balance: a number field of the document, or an
   * expression over the document (computed fields applied, child tables by name), whole Rial.
   */
  amount: string | Expr;
  /** A whole-Rial field of the party's row holding its limit; empty or 0: no limit. */
  limitField: string;
  /** The account (with every account under it) whose balance of the party's detail account is open. */
  account: CreditAccountRef;
  /** The side a document opens: `debit` (receivables, the default) or `credit` (payables). */
  open?: 'debit' | 'credit';
  /** The setting holding the mode (refuse, warn, off); default CREDIT_MODE_SETTING. */
  modeSetting?: string;
}

/** The mode a setting's value means (its code or its Persian word): refuse unless it says warn or off. */
export function creditMode(value: string | null | undefined): CreditMode {
  const v = (value ?? '').trim().toLowerCase().replace(/\s+/g, ' ');
  for (const mode of CREDIT_MODES) if (v === mode || v === CREDIT_MODE_LABELS[mode].fa) return mode;
  return DEFAULT_CREDIT_MODE;
}

const INTEGER = /^-?\d+$/;

/**
 * A stored whole-Rial value (number, bigint or integer text: PostgreSQL answers bigint columns as
 * text) as BigInt; null when empty or not a whole number.
 */
export function wholeRial(value: unknown): bigint | null {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number') return Number.isSafeInteger(value) ? BigInt(value) : null;
  if (typeof value !== 'string') return null;
  const text = value.trim().replace(/\.0+$/, '');
  return INTEGER.test(text) ? BigInt(text) : null;
}

/** The limit a party's row holds: null when there is none (empty, zero or below). */
export function creditLimitOf(value: unknown): bigint | null {
  const limit = wholeRial(value);
  return limit !== null && limit > 0n ? limit : null;
}

/** A row's values by field name (the document, or one of its lines). */
type Values = Record<string, unknown>;

/**
 * What the document adds to the party's balance, whole Rial (rounded half away from zero): the
 * named field's value, or the expression over the document with its child tables by name (within
 * a document's rule budget). 0 when empty; null when not a number (the check refuses it).
 */
export function creditAmount(
  amount: CreditDefinition['amount'],
  values: Values,
  lines: Record<string, readonly Values[]>,
): bigint | null {
  const lineCount = Object.values(lines).reduce((n, rows) => n + rows.length, 0);
  const raw =
    typeof amount === 'string'
      ? values[amount]
      : withinRuleBudget(() => evaluate(amount, { ...values, ...lines }), documentBudget(lineCount));
  if (raw === null || raw === undefined || raw === '') return 0n;
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw) : NaN;
  return Number.isFinite(n) ? BigInt(exactRound(n, 0)) : null;
}

/** The figures of one check (whole Rial). */
export interface CreditFigures {
  limit: bigint;
  /** The party's open balance before this document (negative: paid in advance). */
  balance: bigint;
  /** What this document adds. */
  amount: bigint;
}

/**
 * By how much the balance with this document passes the limit, or null when it does not: at the
 * limit exactly is within it (the check is `balance + amount > limit`).
 */
export function creditExcess(f: CreditFigures): bigint | null {
  const after = f.balance + f.amount;
  return after > f.limit ? after - f.limit : null;
}

/**
 * The parameters of the message `credit.exceeded` in `lang`: the party («code — name») as named by
 * the caller, the limit, the balance, the amount and the excess, each grouped by thousands in the
 * digits of `lang` («۱۲٬۳۴۵٬۰۰۰» in fa).
 */
export function creditParams(
  party: string,
  label: string,
  f: CreditFigures,
  excess: bigint,
  lang: Lang,
): Record<string, string> {
  return {
    label,
    party,
    limit: formatMoney(f.limit, lang),
    balance: formatMoney(f.balance, lang),
    amount: formatMoney(f.amount, lang),
    excess: formatMoney(excess, lang),
  };
}
