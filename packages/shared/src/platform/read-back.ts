import { z } from 'zod';

/** The top-level keys a response schema carries (an object, or the input side of a pipe over one). */
function keysOf(schema: z.ZodType): string[] {
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  if (schema instanceof z.ZodPipe) return keysOf(schema.in as z.ZodType);
  return [];
}

const ignoredField = z.unknown().optional().meta({ description: 'Read-only: accepted and ignored.' });

/**
 * An Update body that takes back what `Get`/`Detail` gave (contract section 11): every key of the
 * resource's responses that the update does not take is accepted and dropped before the service sees
 * it; a key no response carries is still refused as `Unknown field`.
 */
export function acceptsReadBack<T extends z.ZodObject>(update: T, ...responses: z.ZodType[]) {
  const own = new Set(Object.keys(update.shape));
  const readOnly = new Set(responses.flatMap(keysOf).filter((key) => !own.has(key)));
  const ignored = Object.fromEntries([...readOnly].map((key) => [key, ignoredField]));
  return update
    .safeExtend(ignored)
    .transform((body) => Object.fromEntries(Object.entries(body).filter(([key]) => !readOnly.has(key))) as z.output<T>);
}
