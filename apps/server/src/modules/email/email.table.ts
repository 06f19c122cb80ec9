import { sql } from 'drizzle-orm';
import { bigint, boolean, foreignKey, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { emailEvents, emailStatuses, incomingProtocols, templateLanguages, threadReasons } from '@casedesk/shared';
import { recordColumns, timestamptz } from '../../platform/columns.js';
import { category } from '../category/category.table.js';
import { storedFile } from '../file/file.table.js';
import { project } from '../project/project.table.js';
import { ticket, ticketComment } from '../ticket/ticket.table.js';
import { authorKeys } from '../user/user.table.js';

/**
 * A mailbox the desk sends from (SMTP) and may fetch from (POP3 or IMAP). The password is encrypted with a
 * server key (AES-256-GCM, key in `system_secret`): never answered, never logged.
 */
export const mailAccount = pgTable(
  'mail_account',
  {
    ...recordColumns(),
    name: text('name').notNull(),
    displayName: text('display_name'),
    address: text('address').notNull(),
    account: text('account').notNull(),
    passwordEncrypted: text('password_encrypted').notNull(),
    smtpHost: text('smtp_host').notNull(),
    smtpPort: integer('smtp_port').notNull(),
    smtpSsl: boolean('smtp_ssl').notNull().default(false),
    smtpStartTls: boolean('smtp_start_tls').notNull().default(true),
    incomingProtocol: text('incoming_protocol', { enum: incomingProtocols }).notNull().default('IMAP'),
    incomingHost: text('incoming_host'),
    incomingPort: integer('incoming_port'),
    incomingSsl: boolean('incoming_ssl').notNull().default(true),
    incomingStartTls: boolean('incoming_start_tls').notNull().default(false),
    incomingFolder: text('incoming_folder').notNull().default('INBOX'),
    fetchEnabled: boolean('fetch_enabled').notNull().default(false),
    fetchIntervalSeconds: integer('fetch_interval_seconds').notNull().default(60),
    defaultProjectId: integer('default_project_id'),
    defaultCategoryId: integer('default_category_id'),
    isDefault: boolean('is_default').notNull().default(false),
    status: text('status', { enum: ['Active', 'Inactive'] })
      .notNull()
      .default('Active'),
    /** When the fetch job may next fetch this account (its interval), and how the last fetch went. */
    nextFetchAt: timestamptz('next_fetch_at'),
    lastFetchAt: timestamptz('last_fetch_at'),
    lastFetchResult: text('last_fetch_result', { enum: ['Succeeded', 'Failed'] }),
    lastFetchMessage: text('last_fetch_message'),
  },
  (t) => [
    uniqueIndex('mail_account_name_key').on(sql`lower(${t.name})`),
    // At most one default sender.
    uniqueIndex('mail_account_default_key')
      .on(t.isDefault)
      .where(sql`${t.isDefault}`),
    foreignKey({
      name: 'mail_account_project_fk',
      columns: [t.defaultProjectId],
      foreignColumns: [project.id],
    }).onDelete('restrict'),
    foreignKey({
      name: 'mail_account_category_fk',
      columns: [t.defaultCategoryId],
      foreignColumns: [category.id],
    }).onDelete('restrict'),
    ...authorKeys('mail_account', t),
  ],
);

/**
 * Every e-mail, both ways. Outgoing rows are the outbox: written in the transaction of the change that causes
 * them, sent by the `email.send` job (claimed as `Sending` with a lease before the SMTP call). Incoming rows
 * keep the raw message as a stored file and why they went where they went (`threadReason`).
 */
export const email = pgTable(
  'email',
  {
    ...recordColumns(),
    direction: text('direction', { enum: ['Out', 'In'] }).notNull(),
    status: text('status', { enum: emailStatuses }).notNull(),
    accountId: integer('account_id'),
    subject: text('subject').notNull().default(''),
    fromAddress: text('from_address'),
    fromName: text('from_name'),
    to: text('to_addresses')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    cc: text('cc_addresses')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    bcc: text('bcc_addresses')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Sanitised HTML. */
    body: text('body').notNull().default(''),
    /** Stored file ids (outgoing: attached; incoming: attachments and inline images). */
    attachments: integer('attachments')
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    ticketId: integer('ticket_id'),
    commentId: integer('comment_id'),
    /** Ours for outgoing mail (signed, stable across retries); the sender's for incoming mail. */
    messageId: text('message_id'),
    inReplyTo: text('in_reply_to'),
    references: text('references')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    event: text('event', { enum: emailEvents }),
    templateId: integer('template_id'),
    /** An approval-task mail: the task it asks about (a reply to it may approve or reject it, contract 22). */
    workflowTaskId: bigint('workflow_task_id', { mode: 'number' }),
    language: text('language', { enum: templateLanguages }),
    // ---- outbox ----
    sendDate: timestamptz('send_date'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at'),
    /** A `Sending` row claimed by a process until then; past it, the claim is judged (see the send job). */
    leaseUntil: timestamptz('lease_until'),
    error: text('error'),
    // ---- incoming ----
    receivedAt: timestamptz('received_at'),
    /** What identifies the message in its mailbox: Message-ID, else POP3 UIDL / IMAP UID, else a body hash. */
    sourceKey: text('source_key'),
    /** Where the fetch found it: `pop3:<UIDL>` or `imap:<folder>:<UIDVALIDITY>:<UID>` (a re-fetch skips it early). */
    mailboxKey: text('mailbox_key'),
    rawFileId: integer('raw_file_id'),
    /** The headers the threading read (and a few for the view), as received. */
    headers: jsonb('headers').$type<Record<string, string>>(),
    threadReason: text('thread_reason', { enum: threadReasons }),
    threadDetail: text('thread_detail'),
    /** A bounce: the mail it bounces. */
    relatedEmailId: integer('related_email_id'),
  },
  (t) => [
    index('email_list_idx').on(t.direction, t.id),
    index('email_ticket_idx').on(t.ticketId, t.id),
    // The send job's claim: queued mails by due time.
    index('email_outbox_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'Sending'`),
    // Threading finds a ticket by our Message-ID, or the sender's.
    index('email_message_id_idx').on(t.messageId),
    // The same message fetched twice is skipped: one row per account and source key.
    uniqueIndex('email_source_key')
      .on(t.accountId, t.sourceKey)
      .where(sql`${t.direction} = 'In'`),
    index('email_mailbox_key_idx')
      .on(t.accountId, t.mailboxKey)
      .where(sql`${t.mailboxKey} is not null`),
    foreignKey({ name: 'email_account_fk', columns: [t.accountId], foreignColumns: [mailAccount.id] }).onDelete(
      'set null',
    ),
    foreignKey({ name: 'email_ticket_fk', columns: [t.ticketId], foreignColumns: [ticket.id] }).onDelete('set null'),
    foreignKey({
      name: 'email_comment_fk',
      columns: [t.commentId],
      foreignColumns: [ticketComment.id],
    }).onDelete('set null'),
    foreignKey({ name: 'email_raw_file_fk', columns: [t.rawFileId], foreignColumns: [storedFile.id] }).onDelete(
      'set null',
    ),
    foreignKey({
      name: 'email_related_fk',
      columns: [t.relatedEmailId],
      foreignColumns: [t.id],
    }).onDelete('set null'),
    ...authorKeys('email', t),
  ],
);

/** An address that bounced permanently: the outbox stops sending to it (an admin may remove the row). */
export const emailSuppression = pgTable(
  'email_suppression',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    address: text('address').notNull(),
    reason: text('reason').notNull(),
    bounceEmailId: integer('bounce_email_id').references(() => email.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('email_suppression_address_key').on(sql`lower(${t.address})`)],
);

/** Subject and body per event and language, with `{{ }}` variables (LiquidJS, values HTML-escaped). */
export const emailTemplate = pgTable(
  'email_template',
  {
    ...recordColumns(),
    name: text('name').notNull(),
    description: text('description'),
    status: text('status', { enum: ['Active', 'Inactive'] })
      .notNull()
      .default('Active'),
    event: text('event', { enum: emailEvents }),
    language: text('language', { enum: templateLanguages }).notNull().default('en'),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
  },
  (t) => [
    uniqueIndex('email_template_name_key').on(sql`lower(${t.name})`),
    // One active template answers an event in a language.
    uniqueIndex('email_template_event_key')
      .on(t.event, t.language)
      .where(sql`${t.status} = 'Active' and ${t.event} is not null`),
    ...authorKeys('email_template', t),
  ],
);
