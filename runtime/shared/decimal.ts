/**
 * Exact decimal arithmetic for rule expressions (runtime/shared/rules.ts): `+`, `-`, `*` and
 * `round` work on the numbers as the user wrote them (the shortest decimal of each double), not on
 * their binary approximations, so 0.145 × 100 is 14.5 and rounds to 15 (not 14), and 0.1 + 0.2 is
 * 0.3. Integers whose result is a safe integer take the plain (already exact) path; the rest go
 * through BigInt. The result is the double nearest to the exact value; beyond 2^53 that is not
 * exact, which is why fields are bounded far below it (runtime/shared/bounds.ts) and such a result
 * is refused by the schema rather than stored.
 */

/** A finite double as m × 10^e with m a BigInt, from its shortest decimal representation. */
function scaled(n: number): { m: bigint; e: number } {
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/.exec(String(n));
  if (!match) return { m: 0n, e: 0 };
  const frac = match[3] ?? '';
  const m = BigInt(`${match[2]}${frac}`);
  return { m: match[1] ? -m : m, e: Number(match[4] ?? 0) - frac.length };
}

function toNumber(m: bigint, e: number): number {
  return Number(`${m}e${e}`);
}

/** Exponents this far apart: the smaller term is far below a double's precision; the float sum is as good. */
const MAX_SPREAD = 40;

export function exactAdd(a: number, b: number): number {
  const r = a + b;
  if (Number.isSafeInteger(a) && Number.isSafeInteger(b) && Number.isSafeInteger(r)) return r;
  if (!Number.isFinite(r) || a === 0 || b === 0) return r;
  const x = scaled(a);
  const y = scaled(b);
  if (Math.abs(x.e - y.e) > MAX_SPREAD) return r;
  const e = Math.min(x.e, y.e);
  return toNumber(x.m * 10n ** BigInt(x.e - e) + y.m * 10n ** BigInt(y.e - e), e);
}

export function exactMultiply(a: number, b: number): number {
  const r = a * b;
  if (Number.isSafeInteger(a) && Number.isSafeInteger(b) && Number.isSafeInteger(r)) return r;
  if (!Number.isFinite(r) || r === 0) return r;
  const x = scaled(a);
  const y = scaled(b);
  return toNumber(x.m * y.m, x.e + y.e);
}

/** Rounded half away from zero to `digits` decimals (0..6), on the decimal value; non-finite: 0. */
export function exactRound(value: unknown, digits: unknown = 0): number {
  const n = Number(value);
  const d = Math.max(0, Math.min(6, Math.trunc(Number(digits) || 0)));
  if (!Number.isFinite(n)) return 0;
  const { m, e } = scaled(n);
  if (e >= -d) return n;
  const unit = 10n ** BigInt(-e - d);
  const abs = m < 0n ? -m : m;
  let q = abs / unit;
  if ((abs % unit) * 2n >= unit) q += 1n;
  return toNumber(m < 0n ? -q : q, -d);
}

/** json-logic `+`: every argument through parseFloat, summed from 0 (exactly). */
export function plus(...args: unknown[]): number {
  return args.reduce<number>((a, b) => exactAdd(a, parseFloat(b as string)), 0);
}

/** json-logic `*`: every argument through parseFloat, multiplied (exactly); no arguments throw as there. */
export function times(...args: unknown[]): number {
  if (args.length === 0) throw new TypeError('Reduce of empty array with no initial value');
  return args
    .slice(1)
    .reduce<number>((a, b) => exactMultiply(a, parseFloat(b as string)), parseFloat(args[0] as string));
}

/** json-logic `-`: negation of one argument, else the difference (JS number coercion, exactly). */
export function minus(a: unknown, b?: unknown): number {
  if (b === undefined) return -(a as number);
  return exactAdd(Number(a), -Number(b));
}
