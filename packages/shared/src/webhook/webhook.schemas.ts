import { z } from 'zod';
import { defineMessages, keyed } from '../platform/message-keys.js';
import { messages } from '../platform/messages.js';
import {
  activeStatusSchema,
  auditFieldsSchema,
  idSchema,
  queryBaseSchema,
  updateKeySchema,
} from '../platform/paging.js';
import { webhookDeliveryStatuses, webhookEvents } from '../trigger/trigger.values.js';

// Webhooks (contract section 23): events sent to a URL as Standard Webhooks (signed, at least once, retried for a
// day), written in the transaction of the change (an outbox) and sent after it.

/** How long a delivery is retried (with back-off) before it is Failed; a webhook failing this long is switched off. */
export const webhookRetryHours = 24;
/** The part of a receiver's answer kept in the delivery log. */
export const webhookResponseExcerpt = 2_000;

export const webhookMessages = defineMessages('webhook', {
  nameTaken: 'A webhook with this name already exists.',
  urlScheme: 'The address must start with https:// or http://.',
  urlCredentials: 'Put credentials in a header, not in the address.',
  /** The address (or what its name resolves to) is on this machine or a private network. */
  privateAddress: keyed(
    'webhook.privateAddress',
    ['address'],
    (address: string) =>
      `${address} is a loopback, link-local or private address; Settings → Toggles must allow private addresses first.`,
  ),
  unresolvable: keyed('webhook.unresolvable', ['host'], (host: string) => `The host name ${host} does not resolve.`),
  secretFormat: 'The secret is whsec_ followed by at least 24 bytes in base64.',
  headerReserved: keyed(
    'webhook.headerReserved',
    ['header'],
    (header: string) => `The header ${header} is set by Casedesk and cannot be given.`,
  ),
  headerName: 'A header name is letters, digits and dashes.',
  eventsRequired: 'Choose at least one event.',
  inUse: keyed(
    'webhook.inUse',
    ['trigger'],
    (trigger: string) => `The trigger "${trigger}" sends to this webhook; remove the action first.`,
  ),
  /** Redeliver: a delivery still waiting for its next try. */
  stillPending: 'This delivery is still waiting for its next attempt.',
  deliveryUnknown: 'Unknown delivery.',
  /** The delivery log: why an attempt failed (a refused address and an unknown host are worded above). */
  receiverAnswered: keyed(
    'webhook.receiverAnswered',
    ['status'],
    (status: number) => `The receiver answered ${status}`,
  ),
  redirect: keyed(
    'webhook.redirect',
    ['status', 'location'],
    (status: number, location: string) => `Redirect (${status}) not followed: ${location}`,
  ),
  redirectBare: keyed('webhook.redirectBare', ['status'], (status: number) => `Redirect (${status}) not followed`),
  timeout: keyed('webhook.timeout', ['seconds'], (seconds: number) => `No complete answer within ${seconds} s`),
  /** No answer at all: the connection was refused, reset, or TLS failed; the system's own words are the detail. */
  connectionFailed: keyed(
    'webhook.connectionFailed',
    ['detail'],
    (detail: string) => `The connection failed: ${detail}`,
  ),
  switchedOff: 'The webhook is switched off.',
  /** The mail to the administrators: subject and first line. */
  disabledSubject: keyed('webhook.disabledSubject', ['name'], (name: string) => `Webhook "${name}" was switched off`),
  disabledBody: keyed(
    'webhook.disabledBody',
    ['name', 'hours'],
    (name: string, hours: number) =>
      `Every delivery to the webhook "${name}" failed for ${hours} hours, so it was switched off. Fix the receiver, then switch it on again.`,
  ),
} as const);

/** Headers the delivery sets itself (Standard Webhooks and HTTP's own). */
export const webhookReservedHeaders = [
  'webhook-id',
  'webhook-timestamp',
  'webhook-signature',
  'content-type',
  'content-length',
  'host',
  'user-agent',
] as const;

export const webhookSecretSchema = z
  .string()
  .trim()
  .regex(/^whsec_[A-Za-z0-9+/]{32,}={0,2}$/, webhookMessages.secretFormat)
  .max(200);

export const webhookHeadersSchema = z
  .record(
    z
      .string()
      .trim()
      .max(100)
      .regex(/^[A-Za-z0-9-]+$/, webhookMessages.headerName),
    z.string().max(1000),
  )
  .default({})
  .superRefine((headers, ctx) => {
    if (Object.keys(headers).length > 20) ctx.addIssue({ code: 'custom', message: messages.required });
    for (const name of Object.keys(headers))
      if ((webhookReservedHeaders as readonly string[]).includes(name.toLowerCase()))
        ctx.addIssue({ code: 'custom', path: [name], message: webhookMessages.headerReserved(name) });
  });

/** http(s), no credentials; whether the host is private is the server's (after DNS, at save and at send). */
export const webhookUrlSchema = z
  .string()
  .trim()
  .min(1, messages.required)
  .max(2000)
  .superRefine((text, ctx) => {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      ctx.addIssue({ code: 'custom', message: webhookMessages.urlScheme });
      return;
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      ctx.addIssue({ code: 'custom', message: webhookMessages.urlScheme });
    if (url.username || url.password) ctx.addIssue({ code: 'custom', message: webhookMessages.urlCredentials });
  });

const webhookFields = {
  name: z.string().trim().min(1, messages.required).max(100),
  url: webhookUrlSchema,
  /** What it hears on its own; a trigger's `webhookId` action sends to it whatever the list says. */
  events: z.array(z.enum(webhookEvents)).max(webhookEvents.length).default([]),
  headers: webhookHeadersSchema,
  status: activeStatusSchema.default('Active'),
};

/** The secret is written, never read back (`secretSet` says whether there is one). */
export const webhookCreateSchema = z.object({ ...webhookFields, secret: webhookSecretSchema }).strict();
export type WebhookCreate = z.infer<typeof webhookCreateSchema>;
/** Leave `secret` out to keep the one set. */
export const webhookUpdateSchema = z
  .object({
    name: webhookFields.name.optional(),
    url: webhookUrlSchema.optional(),
    events: z.array(z.enum(webhookEvents)).max(webhookEvents.length).optional(),
    headers: webhookHeadersSchema.optional(),
    status: activeStatusSchema.optional(),
    secret: webhookSecretSchema.optional(),
  })
  .extend(updateKeySchema.shape)
  .strict();
export type WebhookUpdate = z.infer<typeof webhookUpdateSchema>;

export const webhookQuerySchema = queryBaseSchema.extend({ status: activeStatusSchema.optional() }).strict();
export type WebhookQuery = z.infer<typeof webhookQuerySchema>;

export const webhookSchema = z
  .object({
    name: z.string(),
    url: z.string(),
    events: z.array(z.enum(webhookEvents)),
    headers: z.record(z.string(), z.string()),
    status: activeStatusSchema,
    secretSet: z.boolean(),
    /** Since when every delivery failed (null: the last one went through); a day of it switches the webhook off. */
    failingSince: z.string().nullable(),
    /** Switched off by Casedesk after a day of failures (not by a person). */
    disabledByFailures: z.boolean(),
    lastDeliveryAt: z.string().nullable(),
    lastResponseStatus: z.number().int().nullable(),
  })
  .extend(auditFieldsSchema.shape);
export type Webhook = z.infer<typeof webhookSchema>;

/** One message to one webhook, and how sending it went (the delivery log). */
export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  webhookId: z.number().int(),
  webhookName: z.string(),
  /** The `webhook-id` header: the same on every attempt and redelivery, so receivers drop duplicates. */
  messageId: z.string(),
  event: z.string(),
  status: z.enum(webhookDeliveryStatuses),
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  responseStatus: z.number().int().nullable(),
  /** The start of the receiver's answer (at most `webhookResponseExcerpt` characters). */
  responseBody: z.string().nullable(),
  lastError: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  ticketId: z.number().int().nullable(),
  caseNumber: z.string().nullable(),
  triggerId: z.number().int().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
/** Detail adds what was sent. */
export const webhookDeliveryDetailSchema = webhookDeliverySchema.extend({ payload: z.unknown() });
export type WebhookDeliveryDetail = z.infer<typeof webhookDeliveryDetailSchema>;

export const webhookDeliveryQuerySchema = queryBaseSchema
  .extend({
    webhookId: idSchema.optional(),
    status: z.enum(webhookDeliveryStatuses).optional(),
    event: z.string().max(50).optional(),
    ticketId: idSchema.optional(),
  })
  .strict();
export type WebhookDeliveryQuery = z.infer<typeof webhookDeliveryQuerySchema>;

/** `POST Webhook/Redeliver`: the delivery again, same `webhook-id`, as a new attempt now. */
export const webhookRedeliverSchema = z.object({ deliveryId: idSchema }).strict();
/** `POST Webhook/Test`: a `webhook.test` message sent at once; answers its delivery with the receiver's answer. */
export const webhookTestSchema = z.object({ id: idSchema }).strict();
