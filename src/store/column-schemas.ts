import { z } from 'zod';

export const int = z.number().int();
export const nullableText = z.string().nullable();
export const metricsSchema = z.record(z.string(), z.number());

/** Parses a JSON column with a schema; a corrupt column is a store bug worth a clear message. */
export const jsonColumn = <T extends z.ZodType>(schema: T) =>
  z.string().nullable().transform((text, ctx): z.output<T> | null => {
    if (text === null) return null;
    try {
      return schema.parse(JSON.parse(text));
    } catch {
      ctx.addIssue({ code: 'custom', message: `corrupt JSON column: ${text.slice(0, 80)}` });
      return z.NEVER;
    }
  });
