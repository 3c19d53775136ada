import type { LocalText } from './definition';
/**
 * Value-added tax per line, declared in a document's definition (`tax`, docs/tax.md) and computed
 * by the server (server/tax/taxRule.ts) on every save of a draft and on Finalise: each line of the
 * declared child table takes a tax code (the line's own, else its item's, else the default code a
 * setting names), the rate of that code valid on the document's date, and its tax on its net
 * amount (its amount less its share of the document's discount); the document's total is the sum
 * of its lines. No rate is written in a rule or in code: rates are rows of the tax codes' entity
 * (the entity the line's code field looks up), each with its validity dates.
 *
 * Example (sales invoice):
 *   "tax": { "side": "output", "date": "date", "lines": "lines", "item": "item", "itemCode": "taxCode",
 *            "code": "taxCode", "base": "amount", "discount": "discount", "rate": "taxRate",
 *            "amount": "tax", "total": "tax" }
 *
 * Rates are held exactly as integers of basis points (1000 = 10%); amounts are whole Rial. A line's
 * tax is rounded half up to the Rial (its net × rate / 10000); the document's total is the sum of
 * the rounded lines, so the invoice, its voucher and the VAT report agree to the Rial.
 */

/** The setting holding the code (the tax code row's `code`) of items without a tax code. */
export const DEFAULT_TAX_CODE_SETTING = 'tax.defaultCode';
export const DEFAULT_TAX_CODE_TITLE: LocalText = {
  fa: 'کد مالیاتی پیش‌فرض کالاهای بدون کد مالیاتی',
  en: 'Default tax code of items without one',
};
/** Basis points in a whole (10000 = 100%). */
export const RATE_SCALE = 10_000;

/**
 * The shape a tax codes' entity has (the entity the line's `code` field looks up; checked at
 * load, server/definitions/taxCheck.ts): a unique `code`, an `exempt` flag and a child table
 * `rates` of `validFrom`, optional `validTo`, `rate` (basis points, the whole rate) and `levy`
 * (basis points of it that are levies, عوارض).
 */
export const TAX_CODE_FIELDS = {
  code: 'code',
  exempt: 'exempt',
  rates: 'rates',
  validFrom: 'validFrom',
  validTo: 'validTo',
  rate: 'rate',
  levy: 'levy',
} as const;

export interface TaxDefinition {
  /** `output` (sales: VAT payable) or `input` (purchases: VAT receivable), for the VAT report. */
  side: 'output' | 'input';
  /** A return: its tax counts against its side in the VAT report. */
  reverses?: boolean;
  /** The document's date field: the rate valid on it applies. */
  date: string;
  /** The child table of taxed lines. */
  lines: string;
  /** The line's lookup to the item whose row holds a tax code. */
  item: string;
  /** The item's field holding its tax code (a lookup to the tax codes' entity). */
  itemCode: string;
  /**
   * The line's tax code field (a lookup to the tax codes' entity): one the line names wins over
   * the item's; the server stores the code applied.
   */
  code: string;
  /** The line's number field of its amount before the document's discount. */
  base: string;
  /** The document's discount field, shared over the lines in proportion to their amounts. */
  discount?: string;
  /**
   * Or the line's field of its own discount (a promotion of its item): the line is taxed on its
   * amount less it, and the document's discount is not shared.
   */
  lineDiscount?: string;
  /** The line's integer field the server stores the rate applied in (basis points). */
  rate: string;
  /** The line's integer field the server stores the line's tax in (whole Rial). */
  amount: string;
  /** The document's integer field the server stores the total tax in (whole Rial). */
  total: string;
  /** The setting naming the default code; default DEFAULT_TAX_CODE_SETTING. */
  defaultSetting?: string;
}

/** One rate of a tax code as held (dates ISO, rates in basis points). */
export interface TaxRate {
  validFrom: string;
  validTo?: string | null;
  rate: number;
  levy?: number | null;
}

/** A tax code with its rates. */
export interface TaxCode {
  id: number;
  code: string;
  exempt: boolean;
  rates: TaxRate[];
}

const day = (v: string) => v.slice(0, 10);

/**
 * The rate of `code` on `date`: 0 when exempt; else the rate whose dates hold the day (the latest
 * `validFrom` when several do); null when none does (the document is refused).
 */
export function rateOn(code: TaxCode, date: string): number | null {
  if (code.exempt) return 0;
  const at = day(date);
  let best: TaxRate | null = null;
  for (const r of code.rates) {
    if (day(r.validFrom) > at || (r.validTo && day(r.validTo) < at)) continue;
    if (!best || day(r.validFrom) > day(best.validFrom)) best = r;
  }
  return best ? best.rate : null;
}

/** A whole Rial amount as BigInt (0 when empty or not a whole number). */
function whole(v: unknown): bigint {
  if (typeof v === 'bigint') return v;
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : 0;
  return Number.isFinite(n) ? BigInt(Math.round(n)) : 0n;
}

/**
 * The discount shared over the amounts in proportion to them, in whole Rial, summing exactly to
 * the discount (at most the amounts' total): each share floored, the Rials left go one each to the
 * largest remainders (the first line on ties).
 */
export function shareDiscount(amounts: readonly bigint[], discount: bigint): bigint[] {
  const total = amounts.reduce((a, b) => a + (b > 0n ? b : 0n), 0n);
  const d = discount < 0n ? 0n : discount > total ? total : discount;
  if (total === 0n || d === 0n) return amounts.map(() => 0n);
  const shares = amounts.map((a) => (a > 0n ? (a * d) / total : 0n));
  const rest = amounts.map((a, i) => ({ i, r: a > 0n ? (a * d) % total : -1n }));
  let left = d - shares.reduce((a, b) => a + b, 0n);
  rest.sort((x, y) => (y.r > x.r ? 1 : y.r < x.r ? -1 : x.i - y.i));
  for (const { i } of rest) {
    if (left === 0n) break;
    shares[i]! += 1n;
    left -= 1n;
  }
  return shares;
}

/** The tax of a net amount at a rate (basis points), rounded half up to the Rial (half away from 0). */
export function lineTax(net: bigint, rate: number): bigint {
  const product = net * BigInt(rate);
  const scale = BigInt(RATE_SCALE);
  const half = scale / 2n;
  return product >= 0n ? (product + half) / scale : -((-product + half) / scale);
}

/** A line's figures: its rate (basis points) and its tax (whole Rial), and the document's total. */
export interface TaxFigures {
  lines: { rate: number; net: bigint; tax: bigint }[];
  total: bigint;
}

/**
 * The figures of a document: per line its amount before discount, its rate and (when the lines
 * hold their own) its discount; else the document's discount shared over the lines. Each line is
 * taxed on its net amount, the total is the lines' sum.
 */
export function taxFigures(
  lines: readonly { base: unknown; rate: number; discount?: unknown }[],
  discount: unknown,
  perLine = false,
): TaxFigures {
  const bases = lines.map((l) => whole(l.base));
  const shares = perLine
    ? lines.map((l, i) => {
        const d = whole(l.discount);
        return d < 0n ? 0n : d > bases[i]! ? bases[i]! : d;
      })
    : shareDiscount(bases, whole(discount));
  const out = lines.map((l, i) => {
    const net = bases[i]! - shares[i]!;
    return { rate: l.rate, net, tax: lineTax(net, l.rate) };
  });
  return { lines: out, total: out.reduce((a, l) => a + l.tax, 0n) };
}

/** A rate in basis points as a percent for people («۹٪», «۱۰٪», «۷٫۵٪» in fa). */
export function ratePercent(rate: number, lang: 'fa' | 'en'): string {
  const text = new Intl.NumberFormat(lang === 'fa' ? 'fa-IR' : 'en-US', { maximumFractionDigits: 2 }).format(
    rate / 100,
  );
  return `${text}${lang === 'fa' ? '٪' : '%'}`;
}

/** The setting of the declaration's default code. */
export const defaultCodeSetting = (spec: TaxDefinition): string =>
  spec.defaultSetting ?? DEFAULT_TAX_CODE_SETTING;
