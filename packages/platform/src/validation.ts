import type { z } from 'zod';
import { validationErrorFrom } from './errors';

/** Parses untrusted input; a failure is a 400 carrying the schema's own (Azerbaijani) message. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationErrorFrom(result.error);
  return result.data;
}
