import { bigint, foreignKey, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
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

/**
 * A user's authenticator app (contract section 24): the secret sealed (`sealSecret`), a new one waiting for its
 * first code while being set up, and the last time step a code was taken at (a code is refused a second time).
 * Recovery codes are hashed with `recoverySalt` (sha256: they are random, 50 bits, not passwords a person chose).
 */
export const userTotp = pgTable(
  'user_totp',
  {
    userId: integer('user_id').primaryKey(),
    secretSealed: text('secret_sealed'),
    pendingSecretSealed: text('pending_secret_sealed'),
    enabledAt: timestamptz('enabled_at'),
    lastTimeStep: integer('last_time_step'),
    recoverySalt: text('recovery_salt'),
  },
  (t) => [userKey('user_totp_user_fk', t.userId)],
);

/** Ten single-use recovery codes per user, stored as salted hashes, shown once. */
export const recoveryCode = pgTable(
  'recovery_code',
  {
    userId: integer('user_id').notNull(),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (t) => [
    primaryKey({ name: 'recovery_code_pk', columns: [t.userId, t.codeHash] }),
    userKey('recovery_code_user_fk', t.userId),
  ],
);

/** A passkey or security key (WebAuthn) of a user: the credential's public key (COSE, base64url) and signature counter. */
export const userPasskey = pgTable(
  'user_passkey',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').notNull(),
    credentialId: text('credential_id').notNull().unique('user_passkey_credential_uq'),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default([]),
    name: text('name').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastUsedAt: timestamptz('last_used_at'),
  },
  (t) => [index('user_passkey_user_idx').on(t.userId), userKey('user_passkey_user_fk', t.userId)],
);

/**
 * A challenge between two steps, stored as a hash of what the client holds: `signIn` after the right password
 * (the second step, or the compulsory setup), `passkey` a passkey registration under way. Short-lived; a sign-in
 * one is used once. `webauthn`: the WebAuthn challenge handed to the browser for it.
 */
export const authChallenge = pgTable(
  'auth_challenge',
  {
    challengeHash: text('challenge_hash').primaryKey(),
    kind: text('kind', { enum: ['signIn', 'passkey'] }).notNull(),
    userId: integer('user_id').notNull(),
    webauthn: text('webauthn'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (t) => [index('auth_challenge_user_idx').on(t.userId), userKey('auth_challenge_user_fk', t.userId)],
);
