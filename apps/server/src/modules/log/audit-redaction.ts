import { auditHiddenValue, auditUserFields, type AuditChange } from '@casedesk/shared';

/**
 * Secrets never reach a reader of the audit trail, whatever a writer put in `changes` (contract 24): a field named
 * like a secret reads `auditHiddenValue` on both sides (it changed; its value is not shown), at any depth of a value
 * (a settings group's object, a child row). Applied when read, so a row written before a rule existed is hidden too.
 */
const secretNames = new Set([
  'passwordhash',
  'password',
  'bindpassword',
  'clientsecret',
  'secret',
  'token',
  'recoverycodes',
  'totpsecret',
]);
const secretParts = ['password', 'secret', 'token', 'hash', 'recoverycode', 'totp'];

/** Whether a field's values are hidden from the trail (`bindPassword`, `tokenHash`, `smtp_password`, ...). */
export function isSecretField(field: string): boolean {
  const name = field.toLowerCase().replace(/[^a-z]/g, '');
  return secretNames.has(name) || secretParts.some((part) => name.includes(part));
}

/** A value with every secret-named key inside it hidden. */
function redactedValue(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object' || depth > 8) return value;
  if (Array.isArray(value)) return value.map((item) => redactedValue(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      isSecretField(key) ? auditHiddenValue : redactedValue(inner, depth + 1),
    ]),
  );
}

/** The stored `{ field: { from, to } }` as the API's `[{ field, from, to }]`, secrets hidden. */
export function shownChanges(stored: unknown): AuditChange[] {
  if (stored === null || typeof stored !== 'object' || Array.isArray(stored)) return [];
  return Object.entries(stored as Record<string, { from?: unknown; to?: unknown } | null>).map(([field, change]) =>
    isSecretField(field)
      ? { field, from: auditHiddenValue, to: auditHiddenValue }
      : { field, from: redactedValue(change?.from ?? null), to: redactedValue(change?.to ?? null) },
  );
}

/** The user ids a change names (`assigneeId: 3 → 5`, `userIds: [1, 2] → [2]`). */
export function userIdsOf(changes: AuditChange[]): number[] {
  const ids: number[] = [];
  const add = (value: unknown) => {
    if (typeof value === 'number' && Number.isInteger(value) && value > 0) ids.push(value);
    else if (Array.isArray(value)) value.forEach(add);
  };
  for (const change of changes)
    if (auditUserFields.includes(change.field)) {
      add(change.from);
      add(change.to);
    }
  return ids;
}
