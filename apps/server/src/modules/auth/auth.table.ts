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
    /** Set for a single sign-on session: the provider's ID token, the hint its end-session endpoint asks for. */
    ssoIdToken: text('sso_id_token'),
  },
  // (user, created_at): a user's sessions, and GetMyInfo's previous sign-in (the one before this session's) read from the index.
  (t) => [index('user_session_user_idx').on(t.userId, t.createdAt), userKey('user_session_user_fk', t.userId)],
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

/**
 * A single sign-on under way (between SSOLogin and the provider's callback): its state, nonce and PKCE verifier
 * kept here, never in the browser, bound to the browser by a cookie holding `browserKey` (stored as a hash).
 * Single use: the callback marks it used before it exchanges the code.
 */
export const ssoFlow = pgTable(
  'sso_flow',
  {
    state: text('state').primaryKey(),
    browserKeyHash: text('browser_key_hash').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (t) => [index('sso_flow_expires_idx').on(t.expiresAt)],
);

/**
 * The one-time code the callback hands the sign-in page (stored as a hash) for a session's tokens: short-lived,
 * single use, bound to the same browser cookie, so the tokens themselves never travel in an address.
 */
export const ssoHandoff = pgTable(
  'sso_handoff',
  {
    codeHash: text('code_hash').primaryKey(),
    browserKeyHash: text('browser_key_hash').notNull(),
    userId: integer('user_id').notNull(),
    idToken: text('id_token'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (t) => [index('sso_handoff_user_idx').on(t.userId), userKey('sso_handoff_user_fk', t.userId)],
);
