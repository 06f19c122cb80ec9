import { date, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { appUser, authorKeys } from '../user/user.table.js';
import { recordColumns, timestamptz } from '../../platform/columns.js';

/** One row per settings group (basic, toggles, token, upload); each tab saves its group with `rowVersion`. */
export const appSetting = pgTable(
  'app_setting',
  {
    ...recordColumns(),
    groupName: text('group_name').notNull(),
    value: jsonb('value').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [uniqueIndex('app_setting_group_uq').on(t.groupName), ...authorKeys('app_setting', t)],
);

/** The holiday calendar (Settings → Holiday): days the service desk is closed. */
export const holiday = pgTable(
  'holiday',
  {
    ...recordColumns(),
    day: date('day', { mode: 'string' }).notNull(),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('holiday_day_uq').on(t.day), ...authorKeys('holiday', t)],
);

/** Personal API tokens (`cdk_…`) for integrations: stored as a SHA-256 hash, shown once, act as their owner. */
export const apiToken = pgTable(
  'api_token',
  {
    ...recordColumns(),
    userId: integer('user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The first characters of the token, shown in lists so a user can tell tokens apart. */
    prefix: text('prefix').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    lastUsedAt: timestamptz('last_used_at'),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [uniqueIndex('api_token_hash_uq').on(t.tokenHash), index('api_token_user_idx').on(t.userId)],
);
