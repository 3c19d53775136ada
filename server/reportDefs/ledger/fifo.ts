/**
 * First in, first out: the open items of a party account at a date. For a receivable, debits open
 * items and credits settle the oldest open ones first (a payable: the other way round); a
 * settlement beyond every open item is an advance that settles the next items opened. Amounts are
 * BigInt; days are ISO dates.
 */
export interface DayMove {
  date: string;
  /** On the side that opens items (the debit of a receivable). */
  opened: bigint;
  /** On the side that settles them. */
  settled: bigint;
}

export interface OpenItem {
  date: string;
  amount: bigint;
}

export interface FifoResult {
  open: OpenItem[];
  /** Settled beyond every open item (an advance); 0 when items remain open. */
  advance: bigint;
}

/** The items still open after the moves (in date order). */
export function fifo(moves: readonly DayMove[]): FifoResult {
  const open: OpenItem[] = [];
  let advance = 0n;
  for (const m of moves) {
    if (m.opened > 0n) {
      const left = m.opened - advance;
      advance = left >= 0n ? 0n : -left;
      if (left > 0n) open.push({ date: m.date, amount: left });
    }
    let settle = m.settled;
    while (settle > 0n && open.length) {
      const head = open[0]!;
      if (head.amount > settle) {
        head.amount -= settle;
        settle = 0n;
      } else {
        settle -= head.amount;
        open.shift();
      }
    }
    advance += settle;
  }
  return { open, advance };
}

const DAY_MS = 86_400_000;

/** Whole days from `date` to `asOf` (ISO dates). */
export function daysBetween(date: string, asOf: string): number {
  const at = (iso: string) =>
    Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)));
  return Math.round((at(asOf) - at(date)) / DAY_MS);
}

/**
 * Open amounts by age: bucket i holds ages up to `limits[i]` days (0–30, 31–60, 61–90 for
 * [30, 60, 90]), the last one every older item.
 */
export function ageBuckets(open: readonly OpenItem[], asOf: string, limits: readonly number[]): bigint[] {
  const out = Array.from({ length: limits.length + 1 }, () => 0n);
  for (const item of open) {
    const age = daysBetween(item.date, asOf);
    const i = limits.findIndex((l) => age <= l);
    out[i === -1 ? limits.length : i]! += item.amount;
  }
  return out;
}
