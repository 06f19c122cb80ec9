import { inArray } from 'drizzle-orm';
import {
  customKeyOf,
  customValueText,
  type CustomFieldDefinition,
  type CustomFieldValue,
  type WorkflowType,
} from '@casedesk/shared';
import type { Queryable } from '../../platform/db.js';
import { textAt, type Language } from '../../platform/translator.js';
import { displayNameSql } from '../../platform/user-directory.js';
import { appUser } from '../user/index.js';
import { customFieldDefinitions } from './custom-field.service.js';

// What workflows and service levels read of a record's custom fields (`custom.<key>`), whatever the record type:
// each record type's adapter adds its values to the record's fields; these word them and check rules against them.

/** A record type's definitions (archived too: a condition or a running instance may still name one). */
export const recordFieldDefinitions = (q: Queryable, type: WorkflowType) => customFieldDefinitions(q, type);

/**
 * The custom values among a record's fields (`custom.<key>`) as a reader of `language` reads them: options by
 * label, users by name, yes/no. Values of keys without a definition are left out.
 */
export async function customFieldTexts(
  q: Queryable,
  definitions: readonly CustomFieldDefinition[],
  fields: Record<string, unknown>,
  language: Language,
): Promise<Record<string, string>> {
  const byKey = new Map(definitions.map((d) => [d.key, d]));
  const entries = Object.entries(fields).flatMap(([name, value]) => {
    const def = byKey.get(customKeyOf(name) ?? '');
    return def ? [{ name, def, value: value as CustomFieldValue }] : [];
  });
  const userIds = entries.filter((e) => e.def.type === 'user' && typeof e.value === 'number').map((e) => e.value);
  const users = userIds.length
    ? await q
        .select({ id: appUser.id, name: displayNameSql(appUser.fullName, appUser.loginName) })
        .from(appUser)
        .where(inArray(appUser.id, userIds as number[]))
    : [];
  const names = new Map(users.map((u) => [u.id, u.name]));
  const words = {
    yes: textAt(language, 'values.boolean.true') ?? 'Yes',
    no: textAt(language, 'values.boolean.false') ?? 'No',
    userName: (id: number) => names.get(id),
  };
  return Object.fromEntries(entries.map((e) => [e.name, customValueText(e.def, e.value, language, words)]));
}
