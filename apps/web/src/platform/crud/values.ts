/** Form values as the API wants them: empty text and unset optional fields become null. */
export function blanksToNull<T extends Record<string, unknown>>(values: T, keys: readonly (keyof T)[]): T {
  const out: Record<string, unknown> = { ...values };
  for (const key of keys) {
    const value = out[key as string];
    if (value === undefined || (typeof value === 'string' && value.trim() === '')) out[key as string] = null;
  }
  return out as T;
}
