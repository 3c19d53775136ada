/**
 * Completion for a caret in a formula: the word being typed (bare or after an open `[`) and the
 * names that fit there — a table's fields after `lines.` or inside sum(lines, …), else the
 * document's fields, its tables and the functions. The designer's input lists them (RulesEditor).
 */
import { FUNCTIONS } from './functions';
import { isNamePart, tokenize, type Token } from './tokens';
import {
  nameText,
  normalizeLabel,
  resolveName,
  type FormulaField,
  type FormulaTable,
  type NameStyle,
  type NameTable,
} from './names';
import { FormulaProblem } from './errors';

export interface Completion {
  /** What the list shows. */
  label: string;
  /** What replaces the word (a function with its opening parenthesis). */
  insert: string;
  kind: 'field' | 'table' | 'function' | 'keyword';
  /** The key of a field or table, or a function's arguments. */
  detail: string;
}

export interface Completions {
  /** The span the chosen item replaces. */
  from: number;
  to: number;
  items: Completion[];
}

/** The start of the word that ends at `caret` (after an unclosed `[`, the bracket). */
function wordStart(text: string, caret: number): number {
  const open = text.lastIndexOf('[', caret - 1);
  if (open >= 0 && text.indexOf(']', open) < 0 && !text.slice(open, caret).includes('"')) return open;
  if (open >= 0 && text.indexOf(']', open) >= caret) return open;
  let i = caret;
  while (i > 0 && isNamePart(text[i - 1])) i--;
  return i;
}

/** Tokens before `at`, as far as they can be read (an unfinished string stops them). */
function tokensBefore(text: string, at: number): Token[] | undefined {
  try {
    return tokenize(text.slice(0, at));
  } catch (e) {
    if (e instanceof FormulaProblem) return undefined;
    throw e;
  }
}

/** The table whose fields fit at the caret: after `table.` or inside sum(table, …). */
function tableAt(tokens: Token[], names: NameTable): FormulaTable | undefined {
  const tables = names.tables ?? [];
  const find = (t: Token | undefined) => {
    if (t?.type !== 'name') return undefined;
    const r = resolveName(tables, t.text);
    return 'found' in r ? r.found : undefined;
  };
  const last = tokens[tokens.length - 1];
  if (last?.type === 'op' && last.text === '.') return find(tokens[tokens.length - 2]);
  // the innermost open call: sum( table , …
  let depth = 0;
  for (let i = tokens.length - 1; i >= 0; i--) {
    const t = tokens[i]!;
    if (t.type !== 'op') continue;
    if (t.text === ')') depth++;
    else if (t.text === '(') {
      if (depth > 0) {
        depth--;
        continue;
      }
      const fn = tokens[i - 1];
      const comma = tokens[i + 2];
      if (fn?.type === 'name' && /^(sum|جمع)$/i.test(fn.text) && comma?.type === 'op' && comma.text === ',')
        return find(tokens[i + 1]);
      return undefined;
    }
  }
  return undefined;
}

function matches(prefix: string, ...texts: (string | undefined)[]): number {
  const p = normalizeLabel(prefix);
  if (!p) return 1;
  let best = 0;
  for (const t of texts) {
    if (!t) continue;
    const n = normalizeLabel(t);
    if (n.startsWith(p)) return 2;
    if (n.includes(p)) best = 1;
  }
  return best;
}

/** Candidates for the word at `caret` (best first); none inside a string. */
export function completeAt(
  text: string,
  caret: number,
  names: NameTable,
  style: NameStyle = 'fa',
): Completions {
  const from = wordStart(text, caret);
  let to = caret;
  if (text[from] === '[') {
    const close = text.indexOf(']', from);
    if (close >= 0) to = close + 1;
  } else while (isNamePart(text[to])) to++;
  const tokens = tokensBefore(text, from);
  if (!tokens) return { from, to, items: [] };
  const typed = text.slice(text[from] === '[' ? from + 1 : from, caret);
  const scored: [number, Completion][] = [];
  const addField = (list: readonly FormulaField[], f: FormulaField, kind: 'field' | 'table') => {
    const score = matches(typed, f.key, f.fa, f.en);
    if (!score) return;
    const label = style === 'key' ? f.key : (f[style] ?? f.fa ?? f.key);
    scored.push([score, { label, insert: nameText(list, f, style), kind, detail: f.key }]);
  };
  const table = tableAt(tokens, names);
  if (table) {
    for (const f of table.fields) addField(table.fields, f, 'field');
  } else {
    const afterDot = tokens[tokens.length - 1];
    if (afterDot?.type === 'op' && afterDot.text === '.') return { from, to, items: [] };
    for (const f of names.fields) addField(names.fields, f, 'field');
    for (const t of names.tables ?? []) addField(names.tables ?? [], t, 'table');
    if (text[from] !== '[')
      for (const fn of FUNCTIONS) {
        const score = matches(typed, fn.name, ...fn.aliases);
        if (!score) continue;
        const shown = style === 'fa' ? (fn.aliases[0] ?? fn.name) : fn.name;
        scored.push([score, { label: shown, insert: `${shown}(`, kind: 'function', detail: fn.args }]);
      }
  }
  if (text[from] !== '[' && typed)
    for (const k of style === 'fa'
      ? ['و', 'یا', 'نه', 'درست', 'نادرست']
      : ['and', 'or', 'not', 'true', 'false']) {
      const score = matches(typed, k);
      if (score === 2 && k !== typed)
        scored.push([score, { label: k, insert: k, kind: 'keyword', detail: '' }]);
    }
  const items = scored.sort((a, b) => b[0] - a[0]).map(([, c]) => c);
  return { from, to, items };
}
