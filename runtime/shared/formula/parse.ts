/**
 * Formula text to the rule evaluator's JSON Logic (runtime/shared/rules.ts): a hand-written Pratt
 * parser over tokens.ts. Nothing is evaluated here and nothing is built from text as code (no eval,
 * no Function): the result is plain JSON, checked by unsafeOperations like any definition's rule.
 *
 * Precedence, loosest first: or, and, not, comparisons (= != < <= > >=, not chained), + -, * / %,
 * unary minus. `a + b + c` is one `+` with three terms (as JSON Logic writes it); `(a + b) + c`
 * keeps the inner one, so every printed form (print.ts) reads back to the same JSON.
 */
import { unsafeOperations, type Expr } from '../rules';
import { fail, FormulaProblem, type FormulaError } from './errors';
import { functionNamed, type FunctionSpec } from './functions';
import { KEYWORDS, resolveName, type FormulaField, type FormulaTable, type NameTable } from './names';
import { tokenize, type Token } from './tokens';

export type FormulaParse = { ok: true; expr: Expr } | { ok: false; error: FormulaError };

/** Binding power of infix operators (JSON Logic operation, power). */
const INFIX = new Map<string, { op: string; bp: number; kind: 'variadic' | 'left' | 'compare' }>([
  ['or', { op: 'or', bp: 1, kind: 'variadic' }],
  ['and', { op: 'and', bp: 2, kind: 'variadic' }],
  ['=', { op: '==', bp: 4, kind: 'compare' }],
  ['!=', { op: '!=', bp: 4, kind: 'compare' }],
  ['<', { op: '<', bp: 4, kind: 'compare' }],
  ['<=', { op: '<=', bp: 4, kind: 'compare' }],
  ['>', { op: '>', bp: 4, kind: 'compare' }],
  ['>=', { op: '>=', bp: 4, kind: 'compare' }],
  ['+', { op: '+', bp: 5, kind: 'variadic' }],
  ['-', { op: '-', bp: 5, kind: 'left' }],
  ['*', { op: '*', bp: 6, kind: 'variadic' }],
  ['/', { op: '/', bp: 6, kind: 'left' }],
  ['%', { op: '%', bp: 6, kind: 'left' }],
]);
/** `not x` takes comparisons: `not a = b` is `not (a = b)`. */
const NOT_OPERAND_BP = 4;
const UNARY_BP = 7;

type Obj = { [operation: string]: Expr };
const isOp = (e: Expr, op: string): e is Obj =>
  e !== null && typeof e === 'object' && !Array.isArray(e) && Object.keys(e).length === 1 && op in e;

/** The names in scope: the document's (or line's) fields, or inside sum(lines, …) a line's. */
interface Scope {
  fields: readonly FormulaField[];
  tables: readonly FormulaTable[];
  /** `current.` inside a sum over lines (the JSON Logic reduce's item). */
  prefix: string;
}

class Parser {
  private i = 0;
  /** Nodes written in parentheses: not merged into an enclosing `a + b + c`. */
  private readonly grouped = new WeakSet<object>();

  constructor(
    private readonly text: string,
    private readonly tokens: Token[],
    private scope: Scope,
  ) {}

  private peek(): Token | undefined {
    return this.tokens[this.i];
  }

  private next(): Token {
    const t = this.tokens[this.i++];
    if (!t) fail('unexpectedEnd', this.text.length, 0);
    return t;
  }

  private isOpToken(t: Token | undefined, text: string): boolean {
    return t !== undefined && t.type === 'op' && t.text === text;
  }

  private expect(text: string, key: 'expectedClose' | 'expectedComma'): Token {
    const t = this.peek();
    if (!this.isOpToken(t, text)) {
      if (!t) fail('unexpectedEnd', this.text.length, 0);
      fail(key, t.pos, t.len, t.text);
    }
    return this.next();
  }

  /** The infix operator at the current token, if any. */
  private infix(): (typeof INFIX extends Map<string, infer V> ? V : never) | undefined {
    const t = this.peek();
    if (!t) return undefined;
    if (t.type === 'op') return INFIX.get(t.text);
    if (t.type === 'name' && !t.bracketed) {
      const k = KEYWORDS.get(t.text.toLowerCase()) ?? KEYWORDS.get(t.text);
      if (k === 'and' || k === 'or') return INFIX.get(k);
    }
    return undefined;
  }

  parseAll(): Expr {
    if (!this.tokens.length) fail('empty', 0, this.text.length);
    const e = this.expr(0);
    const rest = this.peek();
    if (rest) fail('unexpectedToken', rest.pos, rest.len, rest.text);
    return e;
  }

  expr(minBp: number): Expr {
    let left = this.prefix();
    for (;;) {
      const info = this.infix();
      if (!info || info.bp < minBp) return left;
      const opToken = this.next();
      const right = this.expr(info.bp + 1);
      if (info.kind === 'variadic' && isOp(left, info.op) && !this.grouped.has(left)) {
        (left[info.op] as Expr[]).push(right);
        continue;
      }
      left = { [info.op]: [left, right] };
      if (info.kind === 'compare') {
        const again = this.infix();
        if (again?.kind === 'compare') {
          const t = this.peek()!;
          fail('chainedComparison', opToken.pos, t.pos + t.len - opToken.pos, t.text);
        }
      }
    }
  }

  private prefix(): Expr {
    const t = this.next();
    if (t.type === 'num') return t.value as number;
    if (t.type === 'str') return t.value as string;
    if (t.type === 'op') {
      if (t.text === '(') {
        const e = this.expr(0);
        this.expect(')', 'expectedClose');
        if (e !== null && typeof e === 'object') this.grouped.add(e);
        return e;
      }
      if (t.text === '-') {
        const n = this.peek();
        if (n?.type === 'num') {
          this.next();
          return -(n.value as number);
        }
        return { '-': [this.expr(UNARY_BP)] };
      }
      fail('unexpectedToken', t.pos, t.len, t.text);
    }
    // a name: keyword, function call, line field or field
    if (!t.bracketed) {
      const k = KEYWORDS.get(t.text.toLowerCase()) ?? KEYWORDS.get(t.text);
      if (k === 'true') return true;
      if (k === 'false') return false;
      if (k === 'null') return null;
      if (k === 'not') return { '!': [this.expr(NOT_OPERAND_BP)] };
      if (k === 'and' || k === 'or') fail('unexpectedToken', t.pos, t.len, t.text);
      if (this.isOpToken(this.peek(), '(')) return this.call(t);
    }
    if (this.isOpToken(this.peek(), '.')) {
      const table = this.table(t);
      this.next();
      const f = this.next();
      const end = f.pos + f.len;
      if (f.type !== 'name') fail('nameExpected', f.pos, f.len, f.text);
      this.field(table.fields, f);
      fail('lineFieldOutside', t.pos, end - t.pos, this.text.slice(t.pos, end));
    }
    return { var: this.scope.prefix + this.field(this.scope.fields, t).key };
  }

  private field(list: readonly FormulaField[], t: Token): FormulaField {
    const r = resolveName(list, t.text);
    if ('problem' in r) fail(r.problem, t.pos, t.len, t.text);
    return r.found;
  }

  private table(t: Token): FormulaTable {
    if (t.type !== 'name') fail('tableExpected', t.pos, t.len, t.text);
    const r = resolveName(this.scope.tables, t.text);
    if ('problem' in r) fail(r.problem === 'unknownName' ? 'tableExpected' : r.problem, t.pos, t.len, t.text);
    return r.found;
  }

  /** Arguments up to the closing parenthesis (the opening one is next). */
  private args(): Expr[] {
    this.next();
    const out: Expr[] = [];
    if (this.isOpToken(this.peek(), ')')) {
      this.next();
      return out;
    }
    for (;;) {
      out.push(this.expr(0));
      if (this.isOpToken(this.peek(), ',')) {
        this.next();
        continue;
      }
      this.expect(')', 'expectedClose');
      return out;
    }
  }

  private arity(spec: FunctionSpec, name: Token, n: number): void {
    if (n >= spec.min && n <= spec.max) return;
    const end = this.tokens[this.i - 1]!;
    fail('arity', name.pos, end.pos + end.len - name.pos, spec.name);
  }

  private call(name: Token): Expr {
    const spec = functionNamed(name.text);
    if (!spec) fail('unknownFunction', name.pos, name.len, name.text);
    if (spec.name === 'sum' || spec.name === 'count') return this.lineCall(spec, name);
    if (spec.name === 'lineValue') return this.lineValue(name);
    const argStart = this.i + 1;
    const args = this.args();
    this.arity(spec, name, args.length);
    if (spec.op) return { [spec.op]: args };
    if (spec.name === 'oneof') return { in: [args[0]!, args.slice(1)] };
    if (spec.name === 'contains') return { in: [args[1]!, args[0]!] };
    // default(field, value)
    const first = args[0]!;
    if (!isOp(first, 'var') || typeof first.var !== 'string' || this.grouped.has(first)) {
      const t = this.tokens[argStart]!;
      fail('nameExpected', t.pos, t.len, t.text);
    }
    return { var: [first.var, args[1]!] };
  }

  /**
   * lineValue(lines.field, row): the field of one line, the row counted from 0 (the last line:
   * `count(lines) - 1`); JSON Logic reads it as a variable named by joined text.
   */
  private lineValue(name: Token): Expr {
    this.next(); // (
    const tableToken = this.next();
    if (this.scope.prefix) fail('lineFieldOutside', tableToken.pos, tableToken.len, tableToken.text);
    const table = this.table(tableToken);
    if (!this.isOpToken(this.peek(), '.')) {
      const t = this.peek();
      if (!t) fail('unexpectedEnd', this.text.length, 0);
      fail('arity', name.pos, t.pos + t.len - name.pos, 'lineValue');
    }
    this.next();
    const f = this.next();
    if (f.type !== 'name') fail('nameExpected', f.pos, f.len, f.text);
    const field = this.field(table.fields, f);
    this.expect(',', 'expectedComma');
    const row = this.expr(0);
    this.expect(')', 'expectedClose');
    return { var: { cat: [`${table.key}.`, row, `.${field.key}`] } };
  }

  /** sum(lines.field), sum(lines, expression over a line), count(lines). */
  private lineCall(spec: FunctionSpec, name: Token): Expr {
    this.next(); // (
    const tableToken = this.next();
    const table = this.table(tableToken);
    const list: Expr = { var: this.scope.prefix + table.key };
    const reduce = (term: Expr): Expr => ({ reduce: [list, { '+': [{ var: 'accumulator' }, term] }, 0] });
    if (this.isOpToken(this.peek(), '.') && spec.name === 'sum') {
      this.next();
      const f = this.next();
      if (f.type !== 'name') fail('nameExpected', f.pos, f.len, f.text);
      const field = this.field(table.fields, f);
      this.expect(')', 'expectedClose');
      return reduce({ var: `current.${field.key}` });
    }
    if (spec.name === 'count') {
      this.expect(')', 'expectedClose');
      return reduce(1);
    }
    if (this.isOpToken(this.peek(), ')')) {
      const close = this.next();
      fail('arity', name.pos, close.pos + close.len - name.pos, spec.name);
    }
    this.expect(',', 'expectedComma');
    const outer = this.scope;
    this.scope = { fields: table.fields, tables: [], prefix: 'current.' };
    const term = this.expr(0);
    this.scope = outer;
    this.expect(')', 'expectedClose');
    return reduce(term);
  }
}

/** JSON Logic written as JSON (text starting with `{`): accepted as is when its operations are allowed. */
function parseJson(text: string): FormulaParse {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return {
      ok: false,
      error: {
        position: 0,
        length: text.length,
        messageKey: 'badJson',
        detail: e instanceof Error ? e.message : String(e),
      },
    };
  }
  const bad = unsafeOperations(value);
  if (bad.length)
    return {
      ok: false,
      error: { position: 0, length: text.length, messageKey: 'unsafe', detail: bad.join(', ') },
    };
  return { ok: true, expr: value as Expr };
}

/** The JSON Logic of a formula over `names`, or the first problem with its position. */
export function parseFormula(text: string, names: NameTable): FormulaParse {
  if (text.trimStart().startsWith('{')) return parseJson(text);
  try {
    const scope: Scope = { fields: names.fields, tables: names.tables ?? [], prefix: '' };
    return { ok: true, expr: new Parser(text, tokenize(text), scope).parseAll() };
  } catch (e) {
    if (e instanceof FormulaProblem) return { ok: false, error: e.problem };
    throw e;
  }
}
