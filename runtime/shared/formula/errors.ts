/**
 * Problems of a formula (runtime/shared/formula): where in the text (UTF-16 offset and length) and
 * which message; the designer shows the message (i18n `formula.error.<key>`) under the input and
 * marks the span. `detail` is the offending name or text, shown in the message.
 */
export type FormulaMessageKey =
  | 'empty'
  | 'unexpectedChar'
  | 'unterminatedString'
  | 'unclosedBracket'
  | 'badNumber'
  | 'unexpectedToken'
  | 'unexpectedEnd'
  | 'expectedClose'
  | 'expectedComma'
  | 'unknownName'
  | 'ambiguousName'
  | 'unknownFunction'
  | 'arity'
  | 'lineFieldOutside'
  | 'tableExpected'
  | 'nameExpected'
  | 'chainedComparison'
  | 'badJson'
  | 'unsafe';

export interface FormulaError {
  /** Offset in the text (UTF-16 code units, as an input's selectionStart). */
  position: number;
  /** Length of the span (0 at the end of the text). */
  length: number;
  messageKey: FormulaMessageKey;
  /** The name or text the message is about. */
  detail?: string;
}

/** Thrown inside the parser and caught by parseFormula, which answers it as a value. */
export class FormulaProblem extends Error {
  constructor(readonly problem: FormulaError) {
    super(`${problem.messageKey} at ${problem.position}`);
  }
}

export function fail(
  messageKey: FormulaMessageKey,
  position: number,
  length: number,
  detail?: string,
): never {
  throw new FormulaProblem(
    detail === undefined ? { position, length, messageKey } : { position, length, messageKey, detail },
  );
}
