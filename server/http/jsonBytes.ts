/**
 * A business answer as the UTF-8 bytes of its JSON, exactly JSON.stringify's text, made for large
 * answers (a 2000-line ledger page is ~800 KB):
 * - sent as bytes, the answer is encoded once (a text is measured for Content-Length, then
 *   encoded again by the socket);
 * - a long array (a report's rows, a list page) is written a slice of items at a time, so no text
 *   of megabytes is made per request: such a text lands in V8's large-object space and drives the
 *   collections of the server's whole heap, where slices die young;
 * - the text is encoded by TextEncoder.encodeInto (faster than Buffer.from on Persian text) into
 *   a scratch kept between answers, then copied out at its length.
 */

const encoder = new TextEncoder();
/** Below this many UTF-16 units a text is encoded by Buffer.from (pooled, quick for small ones). */
const LARGE_TEXT = 16_384;
/** The largest scratch kept between answers (bytes); a larger answer is encoded into its own. */
const SCRATCH_MAX = 16 * 1024 * 1024;
/** Items of a long array written at a time (a slice of rows stays well inside the young generation). */
const SLICE = 64;
/** How deep plain objects are walked for long arrays (envelope → Data → rows). */
const DEPTH = 4;

let scratch: Buffer | null = null;

/** A buffer of at least `bytes`: the scratch while it may be kept, else one of its own. */
function room(bytes: number): Buffer {
  if (bytes > SCRATCH_MAX) return Buffer.allocUnsafe(bytes);
  if (!scratch || scratch.length < bytes) scratch = Buffer.allocUnsafe(bytes);
  return scratch;
}

/** A text that is a slice of a long array's items, written with its brackets ("[a,b]"). */
const SLICE_TEXT = 1;
/** The first slice of its array (its "[" opens the array). */
const FIRST = 2;
/** The last slice of its array (its "]" closes the array). */
const LAST = 4;

/**
 * JSON.stringify's text as pieces: `texts` one after another, except that a slice of a long array
 * (`marks` SLICE_TEXT) loses its "[" (after the first slice: a "," in its place) and its "]"
 * (before the last): the slices stay the flat texts JSON.stringify made, cheap to encode.
 */
interface Pieces {
  texts: string[];
  marks: number[];
}

/** The pieces as one text (a small answer). */
function joined({ texts, marks }: Pieces): string {
  let out = '';
  texts.forEach((t, i) => {
    const m = marks[i]!;
    if (!(m & SLICE_TEXT)) out += t;
    else out += `${m & FIRST ? '[' : ','}${t.slice(1, -1)}${m & LAST ? ']' : ''}`;
  });
  return out;
}

/** The pieces' UTF-8, a buffer of its own (at most 3 bytes a UTF-16 unit). */
function encode(p: Pieces): Buffer {
  let units = 0;
  for (const t of p.texts) units += t.length;
  if (units < LARGE_TEXT) return Buffer.from(p.texts.length === 1 ? p.texts[0]! : joined(p), 'utf8');
  const into = room(units * 3);
  let at = 0;
  p.texts.forEach((t, i) => {
    const m = p.marks[i]!;
    const start = at;
    const n = encoder.encodeInto(t, at ? into.subarray(at) : into).written;
    if (!(m & SLICE_TEXT)) at += n;
    else {
      // "[" stays for the first slice, else becomes ","; "]" stays for the last, else is written over
      if (!(m & FIRST)) into[start] = 0x2c;
      at += m & LAST ? n : n - 1;
    }
  });
  return into === scratch ? Buffer.from(into.subarray(0, at)) : into.subarray(0, at);
}

/** A text's UTF-8 bytes (Buffer.from's). */
export function utf8(text: string): Buffer {
  return encode({ texts: [text], marks: [0] });
}

/** An object JSON.stringify writes by its own enumerable keys (no toJSON, plain prototype). */
function isPlain(value: object): value is Record<string, unknown> {
  const proto = Object.getPrototypeOf(value) as unknown;
  return (
    (proto === Object.prototype || proto === null) &&
    typeof (value as { toJSON?: unknown }).toJSON !== 'function'
  );
}

/** Whether a long array lies within DEPTH plain objects of `value`. */
function hasLongArray(value: unknown, depth: number): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return value.length > SLICE;
  if (depth >= DEPTH || !isPlain(value)) return false;
  for (const key of Object.keys(value)) if (hasLongArray(value[key], depth + 1)) return true;
  return false;
}

/** Values JSON.stringify leaves out of an object. */
const skipped = (v: unknown) => v === undefined || typeof v === 'function' || typeof v === 'symbol';

/** JSON.stringify(value) as pieces: long arrays a slice at a time. */
function pieces(value: unknown, out: Pieces, depth: number): void {
  const text = (t: string, mark = 0) => {
    out.texts.push(t);
    out.marks.push(mark);
  };
  if (typeof value === 'object' && value !== null && depth < DEPTH) {
    if (Array.isArray(value) && value.length > SLICE) {
      for (let at = 0; at < value.length; at += SLICE) {
        // a slice's items as JSON.stringify writes them in the whole array (holes and undefined: null)
        const mark = SLICE_TEXT | (at === 0 ? FIRST : 0) | (at + SLICE >= value.length ? LAST : 0);
        text(JSON.stringify(value.slice(at, at + SLICE)), mark);
      }
      return;
    }
    if (!Array.isArray(value) && isPlain(value)) {
      let first = true;
      text('{');
      for (const key of Object.keys(value)) {
        const v = value[key];
        if (skipped(v)) continue;
        text(`${first ? '' : ','}${JSON.stringify(key)}:`);
        first = false;
        pieces(v, out, depth + 1);
      }
      text('}');
      return;
    }
  }
  text(JSON.stringify(value));
}

/** JSON.stringify(value) as UTF-8 bytes (`value`: an answer envelope, an object). */
export function jsonBytes(value: unknown): Buffer {
  if (!hasLongArray(value, 0)) return utf8(JSON.stringify(value));
  const out: Pieces = { texts: [], marks: [] };
  pieces(value, out, 0);
  return encode(out);
}
