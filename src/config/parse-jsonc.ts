import { parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';

/** Where and why a text is not valid JSON with comments (1-based line and column). */
export interface JsonErrorLocation {
  line: number;
  column: number;
  reason: string;
}

export type JsoncParse = { ok: true; value: unknown } | { ok: false; error: JsonErrorLocation };

const REASONS: Partial<Record<ReturnType<typeof printParseErrorCode>, string>> = {
  InvalidNumberFormat: 'invalid number',
  PropertyNameExpected: 'expected a double-quoted key',
  ValueExpected: 'expected a value',
  ColonExpected: 'expected ":"',
  CommaExpected: 'expected ","',
  CloseBraceExpected: 'expected "}"',
  CloseBracketExpected: 'expected "]"',
  EndOfFileExpected: 'expected the end of the file after the JSON value',
  InvalidCommentToken: 'invalid comment',
  UnexpectedEndOfComment: 'unterminated /* comment',
  UnexpectedEndOfString: 'unterminated string (a string ends on its line with ")',
  UnexpectedEndOfNumber: 'incomplete number',
  InvalidUnicode: 'invalid \\u escape',
  InvalidEscapeCharacter: 'invalid escape in a string',
  InvalidCharacter: 'control character inside a string',
};

const found = (text: string, error: ParseError): string => {
  if (error.offset >= text.length) return 'the end of the file';
  const token = text.slice(error.offset, error.offset + Math.max(1, error.length));
  return JSON.stringify(token.length > 20 ? `${token.slice(0, 17)}...` : token);
};

const reasonOf = (text: string, errors: readonly ParseError[]): string => {
  const [first, second] = errors;
  if (first === undefined) return 'invalid JSON';
  const code = printParseErrorCode(first.error);
  // An unquoted or single-quoted key reads as an invalid symbol followed by a missing key.
  if (code === 'InvalidSymbol' && second !== undefined && printParseErrorCode(second.error) === 'PropertyNameExpected') {
    return `expected a double-quoted key, got ${found(text, first)}`;
  }
  if (code === 'InvalidSymbol') return `unexpected ${found(text, first)}`;
  return `${REASONS[code] ?? code}, got ${found(text, first)}`;
};

const locate = (text: string, offset: number): { line: number; column: number } => {
  const before = text.slice(0, offset);
  return { line: before.split('\n').length, column: offset - (before.lastIndexOf('\n') + 1) + 1 };
};

// Object.fromEntries defines own properties, so a "__proto__" key stays a key as with JSON.parse.
const valueOf = (node: Node): unknown => {
  if (node.type === 'object') {
    return Object.fromEntries((node.children ?? []).map((property) => {
      const [key, value] = property.children ?? [];
      return [String(key?.value), value === undefined ? undefined : valueOf(value)];
    }));
  }
  if (node.type === 'array') return (node.children ?? []).map(valueOf);
  const value: unknown = node.value;
  return value;
};

/**
 * Parses JSON that may carry comments and trailing commas (what editors call JSONC), or says
 * where the first error is.
 */
export const parseJsonc = (text: string): JsoncParse => {
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { allowTrailingComma: true, disallowComments: false });
  const first = errors[0];
  if (first !== undefined || tree === undefined) {
    const offset = first?.offset ?? 0;
    return { ok: false, error: { ...locate(text, offset), reason: reasonOf(text, errors) } };
  }
  return { ok: true, value: valueOf(tree) };
};
