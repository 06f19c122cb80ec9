/** The PostgreSQL error under whatever the driver or Drizzle wrapped it in. */
export function pgErrorOf(error: unknown): { code?: string; constraint?: string } | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code))
      return {
        code: candidate.code,
        constraint: typeof candidate.constraint === 'string' ? candidate.constraint : undefined,
      };
    current = candidate.cause;
  }
  return undefined;
}

export const isUniqueViolation = (error: unknown) => pgErrorOf(error)?.code === '23505';
export const isSerializationFailure = (error: unknown) => ['40001', '40P01'].includes(pgErrorOf(error)?.code ?? '');
