import { foreignKey, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../platform/columns.js';
import { userKey } from '../user/user.table.js';

/** One sign-in: its refresh tokens form a chain; revoking the session ends every token of it. */
export const userSession = pgTable(
  'user_session',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastRefreshAt: timestamptz('last_refresh_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
    revokeReason: text('revoke_reason'),
  },
  (t) => [index('user_session_user_idx').on(t.userId), userKey('user_session_user_fk', t.userId)],
);

/** Refresh tokens, stored as SHA-256 hashes; a used one presented again revokes its session. */
export const refreshToken = pgTable(
  'refresh_token',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    usedAt: timestamptz('used_at'),
  },
  (t) => [
    index('refresh_token_session_idx').on(t.sessionId),
    // Sessions are revoked, never deleted; the key only refuses a token of no session.
    foreignKey({ name: 'refresh_token_session_fk', columns: [t.sessionId], foreignColumns: [userSession.id] }).onDelete(
      'restrict',
    ),
  ],
);

export const passwordReset = pgTable(
  'password_reset',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (t) => [index('password_reset_user_idx').on(t.userId), userKey('password_reset_user_fk', t.userId)],
);

/**
 * Wrong passwords per user and client address (contract section 17): enough in a row hold that address off
 * the account for a while, doubling each time, while the account stays usable from elsewhere.
 */
export const signInFailure = pgTable(
  'sign_in_failure',
  {
    userId: integer('user_id').notNull(),
    ip: text('ip').notNull(),
    /** Wrong passwords in a row since the last hold-off or success from this address. */
    failures: integer('failures').notNull().default(0),
    /** Hold-offs so far; each lasts twice as long as the one before. */
    holdOffs: integer('hold_offs').notNull().default(0),
    heldUntil: timestamptz('held_until'),
    lastFailedAt: timestamptz('last_failed_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'sign_in_failure_pk', columns: [t.userId, t.ip] }),
    userKey('sign_in_failure_user_fk', t.userId),
  ],
);
