/** One word for /bin/sh: single-quoted, with embedded single quotes escaped. */
export const shellQuote = (value: string): string => `'${value.replace(/'/g, `'\\''`)}'`;
