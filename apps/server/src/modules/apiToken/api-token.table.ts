import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { recordColumns, timestamptz } from '../../platform/columns.js';
import { appUser, authorKeys } from '../user/user.table.js';

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
  (t) => [
    uniqueIndex('api_token_hash_uq').on(t.tokenHash),
    index('api_token_user_idx').on(t.userId),
    ...authorKeys('api_token', t),
  ],
);
