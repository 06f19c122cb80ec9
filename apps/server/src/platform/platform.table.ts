import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { auditActions } from '@casedesk/shared';
import { timestamptz } from './columns.js';

/** Keys the server generates at first start (JWT secret, Auth-Token RSA key), shared by every instance. */
export const systemSecret = pgTable('system_secret', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

/** Auth-Token nonces seen inside the replay window, in the database so that it holds across instances. */
export const authNonce = pgTable(
  'auth_nonce',
  {
    nonce: text('nonce').primaryKey(),
    seenAt: timestamptz('seen_at').notNull().defaultNow(),
  },
  (t) => [index('auth_nonce_seen_at_idx').on(t.seenAt)],
);

export const loginLog = pgTable(
  'login_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    loginName: text('login_name').notNull(),
    userId: integer('user_id'),
    /** Contract section 12; `Locked` when the attempt met or caused a hold-off or an account lock. */
    result: text('result', { enum: ['Succeeded', 'Failed', 'Locked', 'SignedOut'] }).notNull(),
    /** The English reason, as written; a reason with numbers keeps its key and values too (`logMessages`). */
    message: text('message'),
    messageKey: text('message_key'),
    messageValues: jsonb('message_values'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    logTime: timestamptz('log_time').notNull().defaultNow(),
  },
  // Each filter of the log screen, newest first, reads its own index instead of the whole table.
  (t) => [
    index('login_log_time_idx').on(t.logTime),
    index('login_log_user_idx').on(t.userId, t.logTime),
    index('login_log_name_idx').on(sql`lower(${t.loginName})`, t.logTime),
    index('login_log_ip_idx').on(t.ip, t.logTime),
  ],
);

export const requestLog = pgTable(
  'request_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    requestId: text('request_id').notNull(),
    method: text('method').notNull(),
    area: text('area'),
    controller: text('controller'),
    action: text('action'),
    url: text('url').notNull(),
    accessUrl: text('access_url'),
    ip: text('ip'),
    userId: integer('user_id'),
    loginName: text('login_name'),
    status: integer('status').notNull(),
    durationMs: integer('duration_ms').notNull(),
    logTime: timestamptz('log_time').notNull().defaultNow(),
  },
  (t) => [
    index('request_log_time_idx').on(t.logTime),
    index('request_log_user_idx').on(t.userId, t.logTime),
    index('request_log_name_idx').on(sql`lower(${t.loginName})`, t.logTime),
  ],
);

export const systemLog = pgTable(
  'system_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    level: text('level', { enum: ['info', 'warn', 'error'] }).notNull(),
    source: text('source').notNull(),
    /** The English text, as written (what a keyword search reads); the key and values word it for a reader. */
    message: text('message').notNull(),
    messageKey: text('message_key'),
    messageValues: jsonb('message_values'),
    requestId: text('request_id'),
    userId: integer('user_id'),
    detail: jsonb('detail'),
    logTime: timestamptz('log_time').notNull().defaultNow(),
  },
  (t) => [index('system_log_time_idx').on(t.logTime), index('system_log_level_idx').on(t.level, t.logTime)],
);

/** Statements slower than the setting's threshold: their text without parameters, never the values. */
export const sqlLog = pgTable(
  'sql_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    statement: text('statement').notNull(),
    durationMs: integer('duration_ms').notNull(),
    rows: integer('rows'),
    requestId: text('request_id'),
    logTime: timestamptz('log_time').notNull().defaultNow(),
  },
  (t) => [index('sql_log_time_idx').on(t.logTime), index('sql_log_request_idx').on(t.requestId)],
);

/** Who changed what, written in the same transaction as the change. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    entity: text('entity').notNull(),
    entityId: integer('entity_id').notNull(),
    action: text('action', { enum: auditActions }).notNull(),
    actorId: integer('actor_id'),
    changes: jsonb('changes').$type<Record<string, { from: unknown; to: unknown }>>(),
    at: timestamptz('at').notNull().defaultNow(),
  },
  // A record's trail (entity + id), one user's writes and the newest first (AuditLog/Query): measured in architecture.md.
  (t) => [
    index('audit_log_entity_idx').on(t.entity, t.entityId, t.at, t.id),
    index('audit_log_at_idx').on(t.at, t.id),
    index('audit_log_actor_idx').on(t.actorId, t.at, t.id),
  ],
);

/**
 * Requests counted per key (a signed-in user, a personal token, or an address for calls without a user), shared by
 * every server process (contract 25): a window starts at a key's first hit (as the library's own memory store does)
 * and `hits` counts within it. Unlogged (migration's addition): a crash may forget a minute of counts, never a
 * record; ended windows are swept by the limiter itself.
 */
export const rateLimitHit = pgTable('rate_limit_hit', {
  key: text('key').primaryKey(),
  /** The window's start, in milliseconds since the epoch (the database's clock, the same for every machine). */
  windowStart: bigint('window_start', { mode: 'number' }).notNull(),
  hits: integer('hits').notNull(),
});
