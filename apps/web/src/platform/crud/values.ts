import type { Dayjs } from 'dayjs';
import type { z } from 'zod';

/**
 * An editor's form values: the body its shared schema accepts (`z.input`), except the fields whose input control holds
 * another shape, such as a date picker's Dayjs instead of the ISO date string sent (`toBody` turns them back).
 */
export type FormValuesOf<
  Schema extends z.ZodType,
  Controls extends Partial<Record<keyof z.input<Schema>, unknown>> = object,
> = Omit<z.input<Schema>, keyof Controls> & Controls;

/** The value of a date picker field. */
export type DateValue = Dayjs | null;

/** Form values as the API wants them: empty text and unset optional fields become null. */
export function blanksToNull<T extends Record<string, unknown>>(values: T, keys: readonly (keyof T)[]): T {
  const out: Record<string, unknown> = { ...values };
  for (const key of keys) {
    const value = out[key as string];
    if (value === undefined || (typeof value === 'string' && value.trim() === '')) out[key as string] = null;
  }
  return out as T;
}
