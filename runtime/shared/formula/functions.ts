/**
 * The functions a formula may call, each one operation of the rule evaluator (runtime/shared/rules.ts,
 * its whitelist): the name the analyst writes, Persian aliases, the JSON Logic operation and how many
 * arguments it takes. sum, count, default, oneof, contains and lineValue have their own shapes
 * (parse.ts, print.ts); they are listed here for completion and arity. today() is for default values
 * only (the definition loader refuses it elsewhere: server/definitions/defaultsCheck.ts).
 */
export interface FunctionSpec {
  name: string;
  /** Other names accepted when parsing; the first is the Persian name printed in Persian words. */
  aliases: string[];
  /** The JSON Logic operation; undefined for the shaped ones. */
  op?: string;
  min: number;
  max: number;
  /** The arguments as shown in completion, e.g. "condition, then, else". */
  args: string;
}

const MANY = Number.POSITIVE_INFINITY;

export const FUNCTIONS: FunctionSpec[] = [
  { name: 'if', aliases: ['اگر'], op: 'if', min: 2, max: MANY, args: 'condition, then, else' },
  { name: 'sum', aliases: ['جمع'], min: 1, max: 2, args: 'lines.field | lines, expression' },
  { name: 'count', aliases: ['تعداد'], min: 1, max: 1, args: 'lines' },
  { name: 'min', aliases: ['کمینه'], op: 'min', min: 1, max: MANY, args: 'a, b, …' },
  { name: 'max', aliases: ['بیشینه'], op: 'max', min: 1, max: MANY, args: 'a, b, …' },
  { name: 'round', aliases: ['گرد'], op: 'round', min: 1, max: 2, args: 'number, digits' },
  { name: 'default', aliases: ['پیش‌فرض', 'پیشفرض'], min: 2, max: 2, args: 'field, value when empty' },
  { name: 'bool', aliases: ['دارد'], op: '!!', min: 1, max: 1, args: 'value' },
  { name: 'oneof', aliases: ['یکی_از'], min: 2, max: MANY, args: 'value, choice, …' },
  { name: 'contains', aliases: ['شامل'], min: 2, max: 2, args: 'text, part' },
  { name: 'concat', aliases: ['پیوند'], op: 'cat', min: 1, max: MANY, args: 'text, …' },
  { name: 'substr', aliases: ['زیررشته'], op: 'substr', min: 2, max: 3, args: 'text, start, length' },
  { name: 'rialInWords', aliases: ['به_حروف'], op: 'rialInWords', min: 1, max: 1, args: 'amount' },
  { name: 'dayCount', aliases: ['تعداد_روز'], op: 'dayCount', min: 2, max: 2, args: 'from, to' },
  {
    name: 'jalaliMonthStart',
    aliases: ['اول_ماه'],
    op: 'jalaliMonthStart',
    min: 2,
    max: 2,
    args: 'year, month',
  },
  { name: 'jalaliMonthEnd', aliases: ['آخر_ماه'], op: 'jalaliMonthEnd', min: 2, max: 2, args: 'year, month' },
  { name: 'addDays', aliases: ['افزودن_روز'], op: 'addDays', min: 2, max: 2, args: 'date, days' },
  { name: 'today', aliases: ['امروز'], op: 'today', min: 0, max: 0, args: '' },
  {
    name: 'lineValue',
    aliases: ['مقدار_سطر'],
    min: 2,
    max: 2,
    args: 'lines.field, row number from 0',
  },
];

const byName = new Map<string, FunctionSpec>();
for (const f of FUNCTIONS) for (const n of [f.name, ...f.aliases]) byName.set(n.toLowerCase(), f);

/** The function called `name` (any case for Latin names), or undefined. */
export function functionNamed(name: string): FunctionSpec | undefined {
  return byName.get(name.toLowerCase());
}

/** The plain function printed for a JSON Logic operation (not the shaped ones). */
export const FUNCTION_OF_OP = new Map(FUNCTIONS.filter((f) => f.op).map((f) => [f.op!, f]));
