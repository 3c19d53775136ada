/**
 * The formula tokenizer: numbers (Western, Persian or Arabic-Indic digits, `.` or `٫` as the
 * decimal point), strings ("…" with JSON escapes, or «…»), names (letters of any script, digits,
 * `_` and the zero-width non-joiner of Persian words; or anything but `]` inside [brackets]) and
 * operators. Positions are UTF-16 offsets into the text.
 */
import { fail } from './errors';

export type TokenType = 'num' | 'str' | 'name' | 'op';

export interface Token {
  type: TokenType;
  /** Operator text (normalised: `،` is `,`, `×` is `*`, `<>` and `==` are `!=` and `=`), or the name. */
  text: string;
  /** A number's value or a string's value. */
  value?: number | string;
  /** A name written in [brackets]: never a keyword or a function. */
  bracketed?: boolean;
  pos: number;
  len: number;
}

const NAME_START = /[\p{L}_]/u;
const NAME_PART = /[\p{L}\p{M}\p{Nd}_\u200c]/u;
const TWO_CHAR = new Map([
  ['<=', '<='],
  ['>=', '>='],
  ['<>', '!='],
  ['!=', '!='],
  ['==', '='],
]);
const ONE_CHAR = new Map([
  ['+', '+'],
  ['-', '-'],
  ['*', '*'],
  ['×', '*'],
  ['/', '/'],
  ['÷', '/'],
  ['%', '%'],
  ['=', '='],
  ['<', '<'],
  ['>', '>'],
  ['(', '('],
  [')', ')'],
  [',', ','],
  ['،', ','],
  ['.', '.'],
]);

/** A Persian (۰-۹) or Arabic-Indic (٠-٩) digit as its Western digit; others unchanged. */
export function westernDigit(ch: string): string {
  const c = ch.charCodeAt(0);
  if (c >= 0x06f0 && c <= 0x06f9) return String(c - 0x06f0);
  if (c >= 0x0660 && c <= 0x0669) return String(c - 0x0660);
  return ch;
}

const isDigit = (ch: string | undefined): boolean => ch !== undefined && /[0-9۰-۹٠-٩]/.test(ch);
export const isNameStart = (ch: string | undefined): boolean => ch !== undefined && NAME_START.test(ch);
export const isNamePart = (ch: string | undefined): boolean => ch !== undefined && NAME_PART.test(ch);

function readNumber(text: string, start: number): Token {
  let i = start;
  let digits = '';
  const run = () => {
    while (isDigit(text[i])) digits += westernDigit(text[i++]!);
  };
  run();
  if ((text[i] === '.' || text[i] === '٫') && isDigit(text[i + 1])) {
    digits += '.';
    i++;
    run();
  }
  if (
    (text[i] === 'e' || text[i] === 'E') &&
    (isDigit(text[i + 1]) || (/[+-]/.test(text[i + 1] ?? '') && isDigit(text[i + 2])))
  ) {
    digits += 'e' + (text[i + 1] === '-' || text[i + 1] === '+' ? text[++i]! : '');
    i++;
    run();
  }
  if (isNamePart(text[i])) fail('badNumber', start, i + 1 - start, text.slice(start, i + 1));
  const value = Number(digits);
  if (!Number.isFinite(value)) fail('badNumber', start, i - start, text.slice(start, i));
  return { type: 'num', text: text.slice(start, i), value, pos: start, len: i - start };
}

function readString(text: string, start: number): Token {
  if (text[start] === '«') {
    const end = text.indexOf('»', start + 1);
    if (end < 0) fail('unterminatedString', start, text.length - start);
    return {
      type: 'str',
      text: text.slice(start, end + 1),
      value: text.slice(start + 1, end),
      pos: start,
      len: end + 1 - start,
    };
  }
  let i = start + 1;
  while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
  if (i >= text.length) fail('unterminatedString', start, text.length - start);
  const raw = text.slice(start, i + 1);
  let value: unknown;
  try {
    value = JSON.parse(raw.replace(/[\n\r\t]/g, (c) => JSON.stringify(c).slice(1, -1)));
  } catch {
    fail('unterminatedString', start, raw.length);
  }
  return { type: 'str', text: raw, value: value as string, pos: start, len: raw.length };
}

/** The tokens of `text`; throws FormulaProblem at the first character it cannot read. */
export function tokenize(text: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (/\s/.test(ch) || ch === '\u200c') {
      i++;
      continue;
    }
    if (isDigit(ch)) {
      const t = readNumber(text, i);
      out.push(t);
      i += t.len;
      continue;
    }
    if (ch === '"' || ch === '«') {
      const t = readString(text, i);
      out.push(t);
      i += t.len;
      continue;
    }
    if (ch === '[') {
      const end = text.indexOf(']', i + 1);
      if (end < 0) fail('unclosedBracket', i, text.length - i);
      const name = text.slice(i + 1, end).trim();
      if (!name) fail('nameExpected', i, end + 1 - i);
      out.push({ type: 'name', text: name, bracketed: true, pos: i, len: end + 1 - i });
      i = end + 1;
      continue;
    }
    if (isNameStart(ch)) {
      let j = i + 1;
      while (isNamePart(text[j])) j++;
      while (j > i + 1 && text[j - 1] === '\u200c') j--;
      out.push({ type: 'name', text: text.slice(i, j), pos: i, len: j - i });
      i = j;
      continue;
    }
    const two = TWO_CHAR.get(text.slice(i, i + 2));
    if (two) {
      out.push({ type: 'op', text: two, pos: i, len: 2 });
      i += 2;
      continue;
    }
    const one = ONE_CHAR.get(ch);
    if (!one) fail('unexpectedChar', i, 1, ch);
    out.push({ type: 'op', text: one, pos: i, len: 1 });
    i++;
  }
  return out;
}
