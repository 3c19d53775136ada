/**
 * JSON Logic back to formula text (the inverse of parse.ts): names as labels or keys, and only the
 * parentheses the precedence needs, so parseFormula(printFormula(e)) deep-equals canonical(e)
 * (canonical.ts) for every form the language has. A form it has not (e.g. `===`, a reduce other
 * than a sum) is Unprintable: the designer then shows that expression as JSON.
 */
import type { Expr } from '../rules';
import { FUNCTION_OF_OP, functionNamed, type FunctionSpec } from './functions';
import {
  nameText,
  quoteName,
  type FormulaField,
  type FormulaTable,
  type NameStyle,
  type NameTable,
} from './names';

export class Unprintable extends Error {}

export interface PrintOptions {
  names: NameTable;
  /**
   * Labels in this language where they name a field alone (default), or keys. In Persian the words
   * are Persian too: function names (functions.ts aliases), و/یا/نه, Persian digits, `،`, «…».
   */
  style?: NameStyle;
}

/** The words of the printed text: English, or Persian for an analyst reading Persian labels. */
interface Words {
  fn: (spec: FunctionSpec) => string;
  keyword: (word: 'and' | 'or' | 'not' | 'true' | 'false' | 'null') => string;
  comma: string;
  number: (n: number) => string;
  string: (s: string) => string;
}

const ENGLISH: Words = {
  fn: (spec) => spec.name,
  keyword: (w) => w,
  comma: ', ',
  number: (n) => String(n),
  string: (s) => JSON.stringify(s),
};

const PERSIAN_WORDS = { and: 'و', or: 'یا', not: 'نه', true: 'درست', false: 'نادرست', null: 'تهی' };
const PERSIAN: Words = {
  fn: (spec) => spec.aliases[0] ?? spec.name,
  keyword: (w) => PERSIAN_WORDS[w],
  comma: '، ',
  number: (n) =>
    String(n)
      .replace('.', '٫')
      .replace(/[0-9]/g, (d) => String.fromCharCode(0x06f0 + Number(d))),
  // «…» reads back as written (no escapes): only for a text without » or line breaks
  string: (s) => (/[»\n\r]/.test(s) ? JSON.stringify(s) : `«${s}»`),
};

const BINARY: Record<string, { text: string; bp: number; kind: 'variadic' | 'left' | 'compare' }> = {
  or: { text: 'or', bp: 1, kind: 'variadic' },
  and: { text: 'and', bp: 2, kind: 'variadic' },
  '==': { text: '=', bp: 4, kind: 'compare' },
  '!=': { text: '!=', bp: 4, kind: 'compare' },
  '<': { text: '<', bp: 4, kind: 'compare' },
  '<=': { text: '<=', bp: 4, kind: 'compare' },
  '>': { text: '>', bp: 4, kind: 'compare' },
  '>=': { text: '>=', bp: 4, kind: 'compare' },
  '+': { text: '+', bp: 5, kind: 'variadic' },
  '-': { text: '-', bp: 5, kind: 'left' },
  '*': { text: '*', bp: 6, kind: 'variadic' },
  '/': { text: '/', bp: 6, kind: 'left' },
  '%': { text: '%', bp: 6, kind: 'left' },
};
const NOT_BP = 3;
const UNARY_BP = 7;
const ATOM_BP = 9;

interface Printed {
  text: string;
  bp: number;
  /** The top operation (to keep `(a + b) + c` apart from `a + b + c`). */
  op?: string;
}

interface Scope {
  fields: readonly FormulaField[];
  tables: readonly FormulaTable[];
  prefix: string;
}

const asArgs = (v: Expr): Expr[] => (Array.isArray(v) ? v : [v]);

function operation(e: Expr): [string, Expr] | undefined {
  if (e === null || typeof e !== 'object' || Array.isArray(e)) return undefined;
  const keys = Object.keys(e);
  if (keys.length !== 1) throw new Unprintable(`{${keys.join(',')}}`);
  return [keys[0]!, e[keys[0]!]!];
}

class Printer {
  private readonly words: Words;

  constructor(
    private readonly style: NameStyle,
    private scope: Scope,
  ) {
    this.words = style === 'fa' ? PERSIAN : ENGLISH;
  }

  private fn(name: string): string {
    return this.words.fn(functionNamed(name)!);
  }

  private wrap(p: Printed, min: number, notOp?: string): string {
    return p.bp < min || (notOp !== undefined && p.op === notOp) ? `(${p.text})` : p.text;
  }

  private name(key: string): string {
    if (!key.startsWith(this.scope.prefix)) throw new Unprintable(key);
    const bare = key.slice(this.scope.prefix.length);
    const entry = this.scope.fields.find((f) => f.key === bare);
    if (entry) return nameText(this.scope.fields, entry, this.style);
    if (this.scope.prefix || !bare || bare.includes(']')) throw new Unprintable(key);
    return quoteName(bare);
  }

  private call(name: string, args: Expr[]): Printed {
    return {
      text: `${this.fn(name)}(${args.map((a) => this.print(a).text).join(this.words.comma)})`,
      bp: ATOM_BP,
    };
  }

  print(e: Expr): Printed {
    if (typeof e === 'number') {
      if (!Number.isFinite(e)) throw new Unprintable(String(e));
      // -0 (not in JSON, but a value all the same) reads back as -0, not 0
      const negative = e < 0 || Object.is(e, -0);
      return {
        text: (Object.is(e, -0) ? '-' : '') + this.words.number(e),
        bp: negative ? UNARY_BP : ATOM_BP,
      };
    }
    if (typeof e === 'string') return { text: this.words.string(e), bp: ATOM_BP };
    if (typeof e === 'boolean' || e === null)
      return { text: this.words.keyword(e === null ? 'null' : e ? 'true' : 'false'), bp: ATOM_BP };
    if (Array.isArray(e)) throw new Unprintable('array');
    const [op, raw] = operation(e)!;
    const args = asArgs(raw);
    if (op === 'var') return this.variable(raw);
    const bin = BINARY[op];
    if (bin && (args.length === 2 || (bin.kind === 'variadic' && args.length > 2))) {
      const parts = args.map((a, i) => {
        const p = this.print(a);
        if (bin.kind === 'compare') return this.wrap(p, bin.bp + 1);
        if (i === 0) return this.wrap(p, bin.bp, bin.kind === 'variadic' ? op : undefined);
        return this.wrap(p, bin.bp + 1);
      });
      const text = op === 'and' || op === 'or' ? this.words.keyword(op) : bin.text;
      return { text: parts.join(` ${text} `), bp: bin.bp, op };
    }
    if (op === '-' && args.length === 1) {
      const inner = args[0]!;
      const p = this.print(inner);
      const text = typeof inner === 'number' ? `(${p.text})` : this.wrap(p, UNARY_BP);
      return { text: `-${text}`, bp: UNARY_BP, op };
    }
    if (op === '!' && args.length === 1)
      return {
        text: `${this.words.keyword('not')} ${this.wrap(this.print(args[0]!), NOT_BP + 1)}`,
        bp: NOT_BP,
        op,
      };
    if (op === 'reduce') return this.lineSum(args);
    if (op === 'in' && args.length === 2) {
      const [x, list] = args as [Expr, Expr];
      if (Array.isArray(list) && !list.length) throw new Unprintable('in');
      return Array.isArray(list) ? this.call('oneof', [x, ...list]) : this.call('contains', [list, x]);
    }
    const fn = FUNCTION_OF_OP.get(op);
    if (fn && args.length >= fn.min && args.length <= fn.max) return this.call(fn.name, args);
    throw new Unprintable(op);
  }

  private variable(raw: Expr): Printed {
    const line = this.lineValue(raw);
    if (line) return line;
    const [key, fallback, ...rest] = asArgs(raw);
    if (typeof key !== 'string' || rest.length) throw new Unprintable('var');
    const name = this.name(key);
    if (fallback === undefined) return { text: name, bp: ATOM_BP };
    return {
      text: `${this.fn('default')}(${name}${this.words.comma}${this.print(fallback).text})`,
      bp: ATOM_BP,
    };
  }

  /** lineValue(lines.field, row): `{"var": {"cat": ["lines.", row, ".field"]}}` as parse.ts writes it. */
  private lineValue(raw: Expr): Printed | undefined {
    const cat = raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? operation(raw) : undefined;
    if (!cat || cat[0] !== 'cat' || !Array.isArray(cat[1]) || cat[1].length !== 3) return undefined;
    const [head, row, tail] = cat[1] as [Expr, Expr, Expr];
    if (typeof head !== 'string' || typeof tail !== 'string' || this.scope.prefix) return undefined;
    if (!head.endsWith('.') || !tail.startsWith('.')) return undefined;
    const table = this.scope.tables.find((t) => t.key === head.slice(0, -1));
    const field = table?.fields.find((f) => f.key === tail.slice(1));
    if (!table || !field) return undefined;
    const tableName = nameText(this.scope.tables, table, this.style);
    const fieldName = nameText(table.fields, field, this.style);
    return {
      text: `${this.fn('lineValue')}(${tableName}.${fieldName}${this.words.comma}${this.print(row).text})`,
      bp: ATOM_BP,
    };
  }

  /** sum(lines.f), sum(lines, expression) or count(lines): the reduce parse.ts writes. */
  private lineSum(args: Expr[]): Printed {
    const [list, body, initial, ...rest] = args;
    const listOp = list === undefined ? undefined : operation(list);
    const bodyOp = body === undefined ? undefined : operation(body);
    if (rest.length || initial !== 0 || !listOp || listOp[0] !== 'var' || typeof listOp[1] !== 'string')
      throw new Unprintable('reduce');
    if (!bodyOp || bodyOp[0] !== '+' || !Array.isArray(bodyOp[1]) || bodyOp[1].length !== 2)
      throw new Unprintable('reduce');
    const [acc, term] = bodyOp[1] as [Expr, Expr];
    const accOp = operation(acc);
    if (!accOp || accOp[0] !== 'var' || accOp[1] !== 'accumulator') throw new Unprintable('reduce');
    const key = listOp[1];
    if (!key.startsWith(this.scope.prefix)) throw new Unprintable(key);
    const table = this.scope.tables.find((t) => t.key === key.slice(this.scope.prefix.length));
    if (!table) throw new Unprintable(key);
    const tableName = nameText(this.scope.tables, table, this.style);
    if (term === 1) return { text: `${this.fn('count')}(${tableName})`, bp: ATOM_BP };
    const outer = this.scope;
    this.scope = { fields: table.fields, tables: [], prefix: 'current.' };
    try {
      const termOp = operation(term);
      if (termOp && termOp[0] === 'var' && typeof termOp[1] === 'string')
        return { text: `${this.fn('sum')}(${tableName}.${this.name(termOp[1])})`, bp: ATOM_BP };
      return {
        text: `${this.fn('sum')}(${tableName}${this.words.comma}${this.print(term).text})`,
        bp: ATOM_BP,
      };
    } finally {
      this.scope = outer;
    }
  }
}

/** The formula text of a JSON Logic expression; throws Unprintable for a form the language has not. */
export function printFormula(expr: Expr, options: PrintOptions): string {
  const scope: Scope = { fields: options.names.fields, tables: options.names.tables ?? [], prefix: '' };
  return new Printer(options.style ?? 'fa', scope).print(expr).text;
}

/** The formula text, or the expression as JSON when the language cannot write it. */
export function formulaText(expr: Expr, options: PrintOptions): { text: string; json: boolean } {
  try {
    return { text: printFormula(expr, options), json: false };
  } catch (e) {
    if (e instanceof Unprintable) return { text: JSON.stringify(expr), json: true };
    throw e;
  }
}
