import { z } from 'zod';
import { defineMessages } from '../platform/message-keys.js';
import { messages } from '../platform/messages.js';
import {
  activeStatusSchema,
  auditFieldsSchema,
  idSchema,
  idTextSchema,
  queryBaseSchema,
  updateKeySchema,
} from '../platform/paging.js';
import { emailDirections, emailStatuses, emailEvents, templateLanguages } from './email.values.js';
export * from './email.values.js';

/**
 * Contract section 13: mail accounts, e-mails (one table for both directions; outgoing ones are the outbox),
 * templates. Modules add fields here as they need them; the server validates with these, the web derives
 * its form rules from them.
 */
export const emailMessages = defineMessages('email', {
  accountHasQueuedMail: 'The mail account still has {count} e-mail(s) waiting to be sent.',
  notADraft: 'Only a draft can be sent or edited.',
  notFailed: 'Only a failed e-mail can be sent again.',
  noRecipient: 'Give at least one recipient.',
  noAccount: 'No mail account is set up: mail is not sent until one is added in Settings → E-mail.',
  suppressed: 'This address bounced permanently; mails to it are stopped.',
  templateSyntax: 'The template cannot be read: check its {{ }} placeholders.',
  passwordRequired: 'Give the account password.',
  /** Shown instead of the body of a password-reset mail: its link would let a reader sign in as the user. */
  secretBodyHidden: 'The content is hidden: this e-mail carries a one-time password reset link.',
  // The account Test (`POST MailAccount/Test/{id}`), in words the web shows in the user's language.
  testOk: 'Connected and signed in.',
  testDns: 'The server name could not be found (DNS): check the host name.',
  testRefused: 'The server refused the connection: check the host and port, or whether the server is running.',
  testTimeout: 'The server did not answer in time: check the host, the port and the firewall.',
  testTls: 'The secure connection failed (TLS): check the SSL / STARTTLS choice, the port and the certificate.',
  testAuth: 'The server refused the account name or password (authentication).',
  testFailed: 'The connection failed.',
  testNoIncoming: 'No incoming server is set.',
  // The send job.
  interrupted:
    'The sending was interrupted (the server stopped during it); the e-mail may have been sent, so it is not sent again.',
  gaveUp: 'The e-mail could not be sent after several attempts.',
  attachmentsTooLarge: 'The attachments are larger than the upload limit allows.',
  noTicketAddress: 'The ticket has no customer e-mail: give the recipient.',
  notIncoming: 'Only an incoming e-mail can be moved, split or reprocessed.',
  notReprocessable: 'Only an unreadable or ignored e-mail without a comment of its own can be processed again.',
  rawMissing: 'The original message of this e-mail is no longer stored.',
  accountMissing: 'The mail account this e-mail came from no longer exists.',
  noDefaultProject: 'The mail account has no default project for new tickets (Settings → E-mail).',
  accountNameTaken: 'A mail account with the same name already exists.',
} as const);

// ---- mail accounts (Settings → E-mail) ----

export const incomingProtocols = ['POP3', 'IMAP'] as const;
export const incomingProtocolSchema = z.enum(incomingProtocols);
export type IncomingProtocol = z.infer<typeof incomingProtocolSchema>;

const hostSchema = z.string().trim().min(1).max(253);
const portSchema = z.number().int().min(1).max(65_535);
/** One address, checked as the spec's message says. */
export const emailAddressSchema = z.email(messages.invalidEmail).max(254);

const mailAccountFields = z.object({
  name: z.string().trim().min(1).max(100),
  displayName: z.string().trim().max(100).nullable().default(null),
  address: emailAddressSchema,
  /** The sign-in name at the mail servers (often the address). */
  account: z.string().trim().min(1).max(254),
  smtpHost: hostSchema,
  smtpPort: portSchema.default(587),
  /** TLS from the first byte (port 465). */
  smtpSsl: z.boolean().default(false),
  /** Upgrade with STARTTLS, and refuse to go on without it (contract 13 extended: SSL or STARTTLS). */
  smtpStartTls: z.boolean().default(true),
  incomingProtocol: incomingProtocolSchema.default('IMAP'),
  incomingHost: hostSchema.nullable().default(null),
  incomingPort: portSchema.nullable().default(null),
  incomingSsl: z.boolean().default(true),
  incomingStartTls: z.boolean().default(false),
  /** IMAP only: the folder fetched (INBOX unless said). */
  incomingFolder: z.string().trim().min(1).max(200).default('INBOX'),
  fetchEnabled: z.boolean().default(false),
  fetchIntervalSeconds: z.number().int().min(10).max(86_400).default(60),
  defaultProjectId: idSchema.nullable().default(null),
  defaultCategoryId: idSchema.nullable().default(null),
  /** The account notifications and new e-mails are sent from when none is chosen. */
  isDefault: z.boolean().default(false),
  status: activeStatusSchema.default('Active'),
});

/** The password is write-only: given on create, optional on update (left out keeps it), never answered. */
const passwordSchema = z.string().min(1).max(500);
export const mailAccountCreateSchema = mailAccountFields.extend({ password: passwordSchema }).strict();
export const mailAccountUpdateSchema = mailAccountFields
  .partial()
  .extend({ password: passwordSchema.optional() })
  .extend(updateKeySchema.shape)
  .strict();

export const mailAccountSchema = mailAccountFields
  .extend({
    /** Whether a password is stored (it is never answered). */
    hasPassword: z.boolean(),
    lastFetchAt: z.string().nullable(),
    lastFetchResult: z.enum(['Succeeded', 'Failed']).nullable(),
    lastFetchMessage: z.string().nullable(),
  })
  .extend(auditFieldsSchema.shape);
export const mailAccountQuerySchema = queryBaseSchema.extend({ status: activeStatusSchema.optional() }).strict();

/** `POST Test/{id}`: both connections tried; `message` says in words what failed (DNS, refused, TLS, auth). */
const connectionResultSchema = z.object({
  ok: z.boolean(),
  /** One of the `emailMessages.test*` texts (its key in `messageKey`), then the server's own words after ': '. */
  message: z.string(),
  messageKey: z.string().optional(),
});
export const mailAccountTestResultSchema = z.object({
  smtp: connectionResultSchema,
  incoming: connectionResultSchema,
});

export type MailAccount = z.infer<typeof mailAccountSchema>;
export type MailAccountCreate = z.infer<typeof mailAccountCreateSchema>;
export type MailAccountUpdate = z.infer<typeof mailAccountUpdateSchema>;
export type MailAccountTestResult = z.infer<typeof mailAccountTestResultSchema>;

// ---- e-mails ----

export type EmailDirection = (typeof emailDirections)[number];
export const emailStatusSchema = z.enum(emailStatuses);
export type EmailStatus = z.infer<typeof emailStatusSchema>;

export const emailEventSchema = z.enum(emailEvents);
export type EmailEvent = z.infer<typeof emailEventSchema>;

/**
 * Why an incoming mail went where it went (contract: `threadReason`), in the order the fetch decides. The
 * detail (which header, which ticket) is in `threadDetail`.
 */
export const threadReasons = [
  'duplicate',
  'ownMail',
  'loop',
  'autoReply',
  'bounce',
  'inReplyTo',
  'references',
  'subjectCaseNumber',
  'approvalReply',
  'approvalReplyIgnored',
  'newTicket',
  'movedByUser',
  'splitByUser',
  'unreadable',
] as const;
export const threadReasonSchema = z.enum(threadReasons);
export type ThreadReason = z.infer<typeof threadReasonSchema>;

const addressList = z.array(emailAddressSchema).max(100);
const fileIds = z.array(idSchema).max(50);

const emailDraftFields = z.object({
  accountId: idSchema.nullable().default(null),
  subject: z.string().trim().min(1).max(500),
  to: addressList.default([]),
  cc: addressList.default([]),
  bcc: addressList.default([]),
  /** Rich text; sanitised on the server. */
  body: z.string().max(1_000_000).default(''),
  attachments: fileIds.default([]),
  ticketId: idSchema.nullable().default(null),
  templateId: idSchema.nullable().default(null),
});
/** `Add` writes a draft; `send: true` queues it at once (the same as `Send` after). */
export const emailCreateSchema = emailDraftFields.extend({ send: z.boolean().default(false) }).strict();
export const emailUpdateSchema = emailDraftFields.partial().extend(updateKeySchema.shape).strict();
/** `POST Send { id }` queues a draft; `POST Resend { id }` queues a failed one again. */
export const emailSendSchema = z.object({ id: idSchema }).strict();

export const emailSchema = z
  .object({
    direction: z.enum(emailDirections),
    status: emailStatusSchema,
    accountId: z.number().int().nullable(),
    subject: z.string(),
    from: z.string().nullable(),
    fromName: z.string().nullable(),
    to: z.array(z.string()),
    cc: z.array(z.string()),
    bcc: z.array(z.string()),
    body: z.string(),
    attachments: z.array(z.number().int()),
    sendDate: z.string().nullable(),
    ticketId: z.number().int().nullable(),
    commentId: z.number().int().nullable(),
    messageId: z.string().nullable(),
    inReplyTo: z.string().nullable(),
    references: z.array(z.string()),
    event: emailEventSchema.nullable(),
    templateId: z.number().int().nullable(),
    attempts: z.number().int(),
    nextAttemptAt: z.string().nullable(),
    error: z.string().nullable(),
    threadReason: threadReasonSchema.nullable(),
    threadDetail: z.string().nullable(),
    relatedEmailId: z.number().int().nullable(),
    receivedAt: z.string().nullable(),
  })
  .extend(auditFieldsSchema.shape);
export type Email = z.infer<typeof emailSchema>;
export type EmailCreate = z.infer<typeof emailCreateSchema>;
export type EmailUpdate = z.infer<typeof emailUpdateSchema>;

export const emailListItemSchema = emailSchema.omit({ body: true }).extend({
  ticketCaseNumber: z.string().nullable(),
  attachmentCount: z.number().int(),
});
export type EmailListItem = z.infer<typeof emailListItemSchema>;

const timeText = z.iso.datetime({ offset: true });
export const emailQuerySchema = queryBaseSchema
  .extend({
    direction: z.enum(emailDirections).optional(),
    status: emailStatusSchema.optional(),
    from: timeText.optional(),
    to: timeText.optional(),
    ticketId: idTextSchema.optional(),
    accountId: idTextSchema.optional(),
  })
  .strict();
export type EmailQuery = z.infer<typeof emailQuerySchema>;

/** Reply to the customer from the ticket: a public comment and an e-mail, in one action. */
export const ticketReplySchema = z
  .object({
    ticketId: idSchema,
    body: z.string().min(1).max(1_000_000),
    to: addressList.optional(),
    cc: addressList.default([]),
    attachments: fileIds.default([]),
  })
  .strict();
export type TicketReply = z.infer<typeof ticketReplySchema>;

/** Move a wrongly threaded incoming mail to another ticket, or split it into a new one. */
export const emailMoveSchema = z.object({ id: idSchema, ticketId: idSchema }).strict();
export const emailSplitSchema = z.object({ id: idSchema }).strict();
/** `POST Reprocess { id }`: the decision runs again on a kept (Unreadable or Ignored) incoming mail. */
export const emailReprocessSchema = z.object({ id: idSchema }).strict();
/** What Move, Split and Reprocess answer: where the mail is now, and why. */
export const emailThreadResultSchema = z.object({
  id: z.number().int(),
  status: emailStatusSchema,
  ticketId: z.number().int().nullable(),
  commentId: z.number().int().nullable(),
  threadReason: threadReasonSchema.nullable(),
  threadDetail: z.string().nullable(),
});
export type EmailThreadResult = z.infer<typeof emailThreadResultSchema>;

// ---- templates ----

export const templateLanguageSchema = z.enum(templateLanguages);
export type TemplateLanguage = z.infer<typeof templateLanguageSchema>;

const emailTemplateFields = z.object({
  name: z.string().trim().min(1).max(100),
  description: z.string().trim().max(500).nullable().default(null),
  status: activeStatusSchema.default('Active'),
  event: emailEventSchema.nullable().default(null),
  language: templateLanguageSchema.default('en'),
  subject: z.string().trim().min(1).max(500),
  body: z.string().max(200_000),
});
export const emailTemplateCreateSchema = emailTemplateFields.strict();
export const emailTemplateUpdateSchema = emailTemplateFields.partial().extend(updateKeySchema.shape).strict();
export const emailTemplateSchema = emailTemplateFields.extend(auditFieldsSchema.shape);
export const emailTemplateQuerySchema = queryBaseSchema
  .extend({
    status: activeStatusSchema.optional(),
    event: emailEventSchema.optional(),
    language: templateLanguageSchema.optional(),
  })
  .strict();
/** `POST Preview`: a stored template by `id`, or unsaved `subject`/`body`, rendered against a real ticket. */
export const emailTemplatePreviewSchema = z
  .object({
    id: idSchema.optional(),
    subject: z.string().max(500).optional(),
    body: z.string().max(200_000).optional(),
    ticketId: idSchema.optional(),
  })
  .strict();
export const emailTemplatePreviewResultSchema = z.object({ subject: z.string(), body: z.string() });
export type EmailTemplate = z.infer<typeof emailTemplateSchema>;
export type EmailTemplateCreate = z.infer<typeof emailTemplateCreateSchema>;
export type EmailTemplateUpdate = z.infer<typeof emailTemplateUpdateSchema>;

/** `GET /api/Email/Outbox` (`email:view`): whether mail can go out at all (an active mail account exists). */
export const emailOutboxStateSchema = z.object({ accountReady: z.boolean() });
export type EmailOutboxState = z.infer<typeof emailOutboxStateSchema>;
