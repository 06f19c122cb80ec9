import { messages, type Envelope } from '@casedesk/shared';

export const ok = <T>(data: T, resultMsg: string = messages.ok): Envelope<T> => ({ resultCode: 200, resultMsg, data });

type Jsonable<T> = T extends Date ? string : T extends (infer U)[] ? Jsonable<U>[] : T;
export type Presented<T> = { [K in keyof T]: Jsonable<T[K]> };

/** A database row as JSON: dates become ISO-8601 strings. */
export function present<T extends Record<string, unknown>>(row: T): Presented<T> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) out[key] = value instanceof Date ? value.toISOString() : value;
  return out as Presented<T>;
}
