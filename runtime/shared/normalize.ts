/**
 * Digit and letter normalisation shared by the browser pipeline and the server (spec section 5).
 * Persian (U+06F0–U+06F9) and Arabic-Indic (U+0660–U+0669) digits become Western digits; Arabic
 * kaf (ك U+0643) becomes Persian keheh (ک U+06A9); Arabic yeh (ي U+064A) and alef maksura
 * (ى U+0649) become Persian yeh (ی U+06CC). Heh (ه) and ZWNJ (U+200C) are never touched.
 * FormData, Blob, Date and other non-plain objects pass through untouched.
 */

const PERSIAN_ZERO = 0x06f0;
const ARABIC_ZERO = 0x0660;

const LETTERS: Readonly<Record<string, string>> = {
  '\u0643': '\u06a9', // ك -> ک
  '\u064a': '\u06cc', // ي -> ی
  '\u0649': '\u06cc', // ى -> ی
};

// One pass over the string; cheap when nothing matches (the common case on Western input).
const PATTERN = /[\u06f0-\u06f9\u0660-\u0669\u0643\u064a\u0649]/g;
const DIGITS_ONLY = /[\u06f0-\u06f9\u0660-\u0669]/g;

function replaceChar(ch: string): string {
  const code = ch.charCodeAt(0);
  if (code >= PERSIAN_ZERO && code <= PERSIAN_ZERO + 9) return String(code - PERSIAN_ZERO);
  if (code >= ARABIC_ZERO && code <= ARABIC_ZERO + 9) return String(code - ARABIC_ZERO);
  return LETTERS[ch] ?? ch;
}

/** Persian/Arabic digits to Western digits only (letters untouched). */
export function toWesternDigits(text: string): string {
  return text.replace(DIGITS_ONLY, replaceChar);
}

/** Digits to Western and Arabic letters to their Persian forms. */
export function normalizeText(text: string): string {
  return text.replace(PATTERN, replaceChar);
}

/** Western digits to Persian digits, for display. */
export function toPersianDigits(text: string): string {
  return text.replace(/[0-9]/g, (d) => String.fromCharCode(PERSIAN_ZERO + Number(d)));
}

function isPlainObject(value: object): value is Record<string, unknown> {
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/**
 * Deep-normalises strings inside plain objects and arrays; returns a new value (the input is not
 * mutated). Keys are normalised too, so a field name typed with Arabic letters matches.
 * Anything that is not a string, array or plain object (FormData, Date, Blob, …) is returned as is.
 */
export function normalizeDeep<T>(value: T): T {
  return walk(value) as T;
}

function walk(value: unknown): unknown {
  if (typeof value === 'string') return normalizeText(value);
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(walk);
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[normalizeText(k)] = walk(v);
  return out;
}
