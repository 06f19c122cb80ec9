import {
  webhookCreateSchema,
  webhookDeliveryDetailSchema,
  webhookDeliveryQuerySchema,
  webhookDeliverySchema,
  webhookQuerySchema,
  webhookSchema,
  webhookUpdateSchema,
} from '@casedesk/shared';
import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { Actor } from '../../platform/actor.js';
import { wordedLogMessage } from '../../platform/logs.js';
import { defineResource } from '../../platform/resource.js';
import { languageFrom } from '../../platform/translator.js';
import { referenceRefusal } from '../../platform/references.js';
import { addWebhook, updateWebhook, webhookAnswer, type WebhookAnswer } from './webhook.service.js';
import { webhook, webhookDelivery } from './webhook.table.js';

const schemas = {
  record: webhookSchema,
  create: webhookCreateSchema,
  update: webhookUpdateSchema,
  query: webhookQuerySchema,
};

/**
 * Automation → Webhooks: answered without their secret (`secretSet` instead); Add and Update are the module's
 * (the secret sealed, the URL's host resolved and judged). Deleting one drops its delivery log (cascade).
 * A trigger's `webhookId` action naming it is the trigger module's to refuse (it sits above: `references`).
 */
export const webhookResource = defineResource<typeof webhook, typeof schemas, WebhookAnswer>({
  name: 'Webhook',
  module: 'webhook',
  label: 'webhook',
  table: webhook,
  schemas,
  keywordColumns: [webhook.name, webhook.url],
  sortable: { name: webhook.name, url: webhook.url, status: webhook.status, modifiedAt: webhook.modifiedAt },
  defaultOrder: [{ field: 'name', desc: false }],
  rowOf: webhookAnswer,
  exportColumns: [
    { field: 'name', width: 24 },
    { field: 'url', width: 40 },
    { field: 'events', width: 40 },
    { field: 'status', values: 'activeStatus', width: 10 },
    { field: 'lastDeliveryAt', width: 20 },
    { field: 'lastResponseStatus', width: 10 },
  ],
  operations: { add: addWebhook, update: updateWebhook },
  // A trigger's `webhookId` action names it: the trigger module (above) words the refusal.
  referencedBy: (tx, ids) => referenceRefusal(tx, 'webhook', ids),
});

const deliverySchemas = {
  record: webhookDeliverySchema,
  query: webhookDeliveryQuerySchema,
  detail: webhookDeliveryDetailSchema,
};

const { leaseUntil: _leaseUntil, ...deliveryColumns } = getTableColumns(webhookDelivery);

type DeliveryShown = Omit<typeof webhookDelivery.$inferSelect, 'leaseUntil' | 'lastErrorKey' | 'lastErrorValues'> & {
  webhookName: string;
  caseNumber: string | null;
};
type DeliveryRead = DeliveryShown & Pick<typeof webhookDelivery.$inferSelect, 'lastErrorKey' | 'lastErrorValues'>;

/** The row as a reader reads it: the error in their language (its key and values stay inside). */
function deliveryRowOf(row: DeliveryRead, actor: Actor): DeliveryShown {
  const { lastErrorKey, lastErrorValues, ...shown } = row;
  const lastError = wordedLogMessage(languageFrom(actor.language) ?? 'en', {
    message: row.lastError,
    messageKey: lastErrorKey,
    messageValues: lastErrorValues,
  });
  return { ...shown, lastError };
}

/** Automation → Delivery log: every message to every webhook and how sending it went (read only). */
export const webhookDeliveryResource = defineResource<typeof webhookDelivery, typeof deliverySchemas, DeliveryShown>({
  name: 'WebhookDelivery',
  module: 'webhook',
  label: 'webhook delivery',
  readOnly: true,
  table: webhookDelivery,
  schemas: deliverySchemas,
  columns: {
    ...deliveryColumns,
    webhookName: webhook.name,
    // The ticket's case number; once it was archived or deleted, the one the message carried.
    caseNumber: sql<
      string | null
    >`coalesce((select t.case_number from ticket t where t.id = ${webhookDelivery.ticketId}),
      ${webhookDelivery.payload} #>> '{data,ticket,caseNumber}')`,
  },
  rowOf: (row, actor) => deliveryRowOf(row as unknown as DeliveryRead, actor),
  listOmits: ['payload'],
  join: (select) => select.innerJoin(webhook, eq(webhook.id, webhookDelivery.webhookId)),
  keywordColumns: [webhookDelivery.messageId, webhook.name, webhookDelivery.lastError],
  sortable: {
    createdAt: webhookDelivery.createdAt,
    status: webhookDelivery.status,
    event: webhookDelivery.event,
    attempts: webhookDelivery.attempts,
    webhookName: webhook.name,
  },
  defaultOrder: [{ field: 'createdAt', desc: true }],
  exportColumns: [
    { field: 'createdAt', width: 20 },
    { field: 'webhookName', label: 'webhookId', width: 24 },
    { field: 'event', width: 18 },
    { field: 'status', values: 'webhookDeliveryStatus', width: 10 },
    { field: 'attempts', width: 8 },
    { field: 'responseStatus', width: 10 },
    { field: 'lastError', width: 40 },
    { field: 'caseNumber', width: 16 },
    { field: 'messageId', width: 40 },
  ],
});
