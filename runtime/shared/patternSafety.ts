/**
 * A structural check of field `pattern`s (JSON Schema, compiled by ajv with the `u` flag) that
 * refuses the shapes on which a backtracking engine takes exponential or high polynomial time
 * (docs/lowcode-api.md, "Cost bounds"). Sufficient, not complete: some safe patterns are refused.
 * Refused: invalid or over-long patterns, backreferences and lookarounds, a repeated group holding
 * an alternation (`(a|aa)+`), a repeated group holding a repeated item unless every pass of the
 * group starts with a literal character nothing else in it can match (`(,[0-9]+)*` is fine,
 * `(a+)+` is not), and a repeated item followed by a repeated item that can match the same
 * character (`a*a*`, `\d+[0-9]+`).
 */

export const MAX_PATTERN_LENGTH = 256;

interface Item {
  /** Source text of the atom (without its quantifier). */
  src: string;
  /** Most repetitions (Infinity when unbounded). */
  max: number;
  /** Least repetitions. */
  min: number;
  /** A group: its alternatives, each a sequence of items. */
  alts?: Item[][];
  /** A single literal character (not a class, not an escape class). */
  literal?: string;
}

class Refused extends Error {}

/** Characters tried when asking whether two atoms can match the same character. */
function alphabet(pattern: string): string[] {
  const chars = new Set<string>();
  for (let c = 0x20; c < 0x7f; c++) chars.add(String.fromCharCode(c));
  for (const c of '\t\n\r\u00a0\u200c\u0600\u0627\u06a9\u06cc\u06f0\u06f5\u06f9\u0660\u0669\u2212\uff10')
    chars.add(c);
  for (const c of pattern) chars.add(c);
  return [...chars];
}

function parse(pattern: string): Item[] {
  let i = 0;
  const atom = (): Item => {
    const start = i;
    const c = pattern[i]!;
    if (c === '(') {
      i++;
      if (pattern[i] === '?') {
        if (pattern[i + 1] === ':') i += 2;
        else if (pattern[i + 1] === '<' && pattern[i + 2] !== '=' && pattern[i + 2] !== '!') {
          const close = pattern.indexOf('>', i);
          if (close < 0) throw new Refused('group');
          i = close + 1;
        } else throw new Refused('lookaround');
      }
      const alts = alternatives();
      if (pattern[i] !== ')') throw new Refused('group');
      i++;
      return { src: pattern.slice(start, i), min: 1, max: 1, alts };
    }
    if (c === '[') {
      i++;
      if (pattern[i] === '^') i++;
      if (pattern[i] === ']') i++;
      while (i < pattern.length && pattern[i] !== ']') i += pattern[i] === '\\' ? 2 : 1;
      if (pattern[i] !== ']') throw new Refused('class');
      i++;
      return { src: pattern.slice(start, i), min: 1, max: 1 };
    }
    if (c === '\\') {
      const next = pattern[i + 1] ?? '';
      if (/[1-9k]/.test(next)) throw new Refused('backreference');
      if (next === 'u' && pattern[i + 2] === '{') i = pattern.indexOf('}', i) + 1;
      else if (next === 'u') i += 6;
      else if (next === 'x') i += 4;
      else if (next === 'p' || next === 'P') i = pattern.indexOf('}', i) + 1;
      else if (next === 'c') i += 3;
      else i += 2;
      const src = pattern.slice(start, i);
      if (/^\\[dDwWsSbBpP]/.test(src)) return { src, min: 1, max: 1 };
      return { src, min: 1, max: 1, literal: unescape(src) };
    }
    i += c.length;
    const anchor = c === '^' || c === '$';
    return anchor || c === '.' ? { src: c, min: 1, max: 1 } : { src: c, min: 1, max: 1, literal: c };
  };
  const quantifier = (item: Item): Item => {
    const c = pattern[i];
    let min = 1;
    let max = 1;
    if (c === '*') [min, max, i] = [0, Infinity, i + 1];
    else if (c === '+') [min, max, i] = [1, Infinity, i + 1];
    else if (c === '?') [min, max, i] = [0, 1, i + 1];
    else if (c === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(i));
      if (!m) return item;
      min = Number(m[1]);
      max = m[2] === undefined ? min : m[3] ? Number(m[3]) : Infinity;
      i += m[0].length;
    } else return item;
    if (pattern[i] === '?') i++; // lazy: the same backtracking
    return { ...item, min, max };
  };
  const sequence = (): Item[] => {
    const items: Item[] = [];
    while (i < pattern.length && pattern[i] !== '|' && pattern[i] !== ')') items.push(quantifier(atom()));
    return items;
  };
  const alternatives = (): Item[][] => {
    const alts = [sequence()];
    while (pattern[i] === '|') {
      i++;
      alts.push(sequence());
    }
    return alts;
  };
  const top = alternatives();
  if (i !== pattern.length) throw new Refused('group');
  return [{ src: pattern, min: 1, max: 1, alts: top }];
}

/** The character a literal escape stands for (`\.` → `.`, `\u0627` → ا). */
function unescape(src: string): string {
  const m = /^\\u\{?([0-9a-fA-F]+)\}?$/.exec(src) ?? /^\\x([0-9a-fA-F]{2})$/.exec(src);
  if (m) return String.fromCodePoint(parseInt(m[1]!, 16));
  const simple: Record<string, string> = { n: '\n', r: '\r', t: '\t', f: '\f', v: '\v', '0': '\0' };
  return simple[src[1]!] ?? src.slice(1);
}

const repeats = (item: Item) => item.max > 1;

/** Characters (of the alphabet) the first character of an item can be. */
function firstChars(item: Item, chars: string[]): Set<string> {
  if (item.alts) {
    const out = new Set<string>();
    for (const alt of item.alts)
      for (const it of alt) {
        for (const c of firstChars(it, chars)) out.add(c);
        if (it.min > 0 && it.src !== '^' && it.src !== '$') break;
      }
    return out;
  }
  if (item.src === '^' || item.src === '$' || /^\\[bB]$/.test(item.src)) return new Set();
  const re = new RegExp(`^(?:${item.src})$`, 'su');
  return new Set(chars.filter((c) => re.test(c)));
}

function overlaps(a: Set<string>, b: Set<string>): boolean {
  for (const c of a) if (b.has(c)) return true;
  return false;
}

/** Every item inside a group, at any depth. */
function inside(item: Item): Item[] {
  return (item.alts ?? []).flatMap((alt) => alt.flatMap((it) => [it, ...inside(it)]));
}

function checkSequence(items: Item[], chars: string[]): void {
  items.forEach((item, k) => {
    if (item.alts) {
      if (repeats(item)) {
        if (item.alts.length > 1 || inside(item).some((it) => it.alts && it.alts.length > 1))
          throw new Refused('repeated alternation');
        const body = item.alts[0]!;
        if (inside(item).some(repeats)) {
          const head = body[0];
          if (!head?.literal || head.min !== 1 || head.max !== 1) throw new Refused('nested repetition');
          const rest = body.slice(1).flatMap((it) => [it, ...inside(it)]);
          if (rest.some((it) => !it.alts && firstChars(it, chars).has(head.literal!)))
            throw new Refused('nested repetition');
        }
      }
      for (const alt of item.alts) checkSequence(alt, chars);
    }
    const next = items[k + 1];
    if (
      item.max === Infinity &&
      next &&
      repeats(next) &&
      overlaps(firstChars(item, chars), firstChars(next, chars))
    )
      throw new Refused('adjacent repetitions');
  });
}

/** Why a field pattern is refused, or null when it is valid and safe. */
export function unsafePattern(pattern: string): string | null {
  if (pattern.length > MAX_PATTERN_LENGTH) return `longer than ${MAX_PATTERN_LENGTH} characters`;
  try {
    new RegExp(pattern, 'u');
  } catch (e) {
    return `not a valid regular expression (${e instanceof Error ? e.message : String(e)})`;
  }
  try {
    checkSequence(parse(pattern), alphabet(pattern));
    return null;
  } catch (e) {
    if (e instanceof Refused) return `may take exponential time (${e.message})`;
    return 'not understood';
  }
}
