/**
 * What the walker (tests/e2e/walk-fa.spec.ts) counts as a defect in text a person sees under fa:
 * a Latin digit, a raw translation key (`menu.xyz`, `{{n}}`, an entity key in camelCase) or a
 * stray English word. Pure, so the rules are unit-tested (tests/unit/support/visibleText.test.ts).
 */

/** One piece of visible text and where it was found (for a readable failure). */
export interface SeenText {
  /** 'text' | 'value' | 'placeholder' | 'aria-label' | 'title' */
  kind: string;
  text: string;
  /** The screen (route) and a short description of the element. */
  where: string;
}

export interface Finding extends SeenText {
  problem: 'latin-digit' | 'raw-key' | 'english';
  match: string;
}

/**
 * The small, explicit allow-list of Latin text that is the user's own or not language at all:
 * - URLs and file/stack-trace locations (the UI log keeps its own digits: spec of #22);
 * - the demo users' sign-in names and e-mail addresses (identifiers a person typed);
 * - «IR» + 24 digits is a Sheba number's Latin prefix only when the user typed it: not excepted.
 */
const ALLOWED: RegExp[] = [
  /\bhttps?:\/\/\S+/g,
  /\bat \S+ \(\S+\)/g, // stack frame "at fn (file:line:col)"
  /\(?\/assets\/\S+\)?/g,
  /[\w.+-]+@[\w-]+(\.[\w-]+)+/g, // e-mail addresses
  /© OpenStreetMap( contributors)?/g, // the map tiles' attribution, which their licence asks for
  // a document or record code's Latin prefix before its (Persian) number: «PO-۱۴۰۵-۰۰۰۱», «IR۶۳…»
  // (Sheba), «PO-B۸۱۲-۱» (a prefix and a series letter), typed by the user or set as the numbering
  // prefix: an identifier, not a word
  /\b[A-Z]{1,5}(?:[-_/][A-Z]{1,3})?(?=[-_/]?[0-9۰-۹])/g,
];

/**
 * Identifiers the user typed: the demo units' symbols (inventory.unit.symbol: «kg», «pcs» as the
 * user typed them). (The demo users' sign-in names are not here: they are also the role names,
 * which must show translated.)
 */
export const USER_NAMES = ['kg', 'pcs', 'pkt', 'ctn'];

/**
 * The demo users' sign-in names: identifiers a person typed, but also the names of the shipped
 * roles, which must show translated. So a sign-in name passes only as the whole text of a place
 * that shows a user's sign-in name (USER_NAME_PLACES), never elsewhere (a role's cell, a sentence).
 */
export const SIGN_IN_NAMES = ['admin', 'staff', 'vendor', 'customer', 'storekeeper', 'analyst'];

/**
 * Places that show a user's sign-in name, matched against SeenText.where (the walker names a
 * place by its grid column `col=`, its table column's header `col=«…»` or its form field `field=`):
 * a user-name column or field.
 */
export const USER_NAME_PLACES: RegExp[] = [/\b(?:col|field)=(?:userName|username)\b/, /\bcol=«نام کاربری»/];

/**
 * A row that stands for one user (`user=<sign-in name>` in SeenText.where): its labels (aria-label,
 * title: «ویرایش staff») may name that user by its sign-in name; its cells' text may not.
 */
const USER_ROW = /\buser=(\S+)/;

/**
 * Places whose text is the machine's, not the interface's: the UI log's messages and stack traces
 * keep their own words and digits (#22). Matched against SeenText.where.
 */
export const RAW_PLACES: RegExp[] = [
  /\/management\/uiLog\b.*\bcol=log\b/,
  // a webhook endpoint's name (a key automations name, Latin by its pattern) and its signing secret
  /\/security\/webhookEndpoint\b.*\b(?:col|field)=(?:name|secret)\b/,
];

/** Latin text with the allowed parts blanked out. */
export function withoutAllowed(text: string, extra: readonly string[] = []): string {
  let out = text;
  for (const re of ALLOWED) out = out.replace(re, ' ');
  for (const word of [...USER_NAMES, ...extra]) {
    if (!word) continue;
    out = out.replace(new RegExp(`(^|[^A-Za-z0-9_])${escapeRe(word)}(?=$|[^A-Za-z0-9_])`, 'g'), '$1 ');
  }
  return out;
}

function escapeRe(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const RAW_KEY: RegExp[] = [
  /\{\{\s*\w+\s*\}\}/, // an interpolation placeholder left unfilled
  /\b[a-z][A-Za-z0-9]*(\.[A-Za-z][A-Za-z0-9]*)+\b/, // a dotted translation key: menu.xyz, a.b.c
  /\b[a-z]+[A-Z][A-Za-z0-9]*\b/, // camelCase: an entity/field key where a label belongs
];

/** The defects in one piece of visible text (after the allow-list). */
export function findDefects(seen: SeenText, extra: readonly string[] = []): Finding[] {
  if (RAW_PLACES.some((re) => re.test(seen.where))) return [];
  if (SIGN_IN_NAMES.includes(seen.text.trim()) && USER_NAME_PLACES.some((re) => re.test(seen.where)))
    return [];
  const row = USER_ROW.exec(seen.where)?.[1];
  const names = row && (seen.kind === 'aria-label' || seen.kind === 'title') ? [...extra, row] : extra;
  const text = withoutAllowed(seen.text, names);
  const out: Finding[] = [];
  for (const re of RAW_KEY) {
    const m = re.exec(text);
    if (m) {
      out.push({ ...seen, problem: 'raw-key', match: m[0] });
      break;
    }
  }
  const digit = /[0-9]+/.exec(text);
  if (digit) out.push({ ...seen, problem: 'latin-digit', match: digit[0] });
  if (!out.some((f) => f.problem === 'raw-key')) {
    const word = /[A-Za-z]{2,}/.exec(text);
    if (word) out.push({ ...seen, problem: 'english', match: word[0] });
  }
  return out;
}

/**
 * Findings of many texts, one line each: the same problem with the same text in the same kind of
 * place once, naming where it was first seen and how often.
 */
export function describeFindings(findings: Finding[]): string[] {
  const lines = new Map<string, { first: string; count: number }>();
  for (const f of findings) {
    const key = `[${f.kind}] ${f.problem} «${f.match}» in «${f.text.slice(0, 120)}»`;
    const seen = lines.get(key);
    if (seen) seen.count += 1;
    else lines.set(key, { first: f.where, count: 1 });
  }
  return [...lines].map(([key, { first, count }]) => `${first} ${key}${count > 1 ? ` (×${count})` : ''}`);
}
