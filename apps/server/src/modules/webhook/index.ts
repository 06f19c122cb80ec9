// The module's public face: its tables first (other modules may read them), then the manifest.
export * from './webhook.table.js';
// The outbox: other modules (triggers) queue deliveries in their own transaction.
export { queueWebhooks, type WebhookMessage } from './webhook-outbox.service.js';
// A domain event's message as webhooks get it (the triggers' `webhookId` action may send the same).
export { webhookMessageOf, webhookTicketSummary } from './webhook.events.js';
// The sender (tests and the bench run a pass with their own options).
export { sendDueWebhooks } from './webhook-send.service.js';

import type { ModuleManifest } from '../../platform/module.js';
import { queueWebhooksOfEvent } from './webhook.events.js';
import { webhookSendHandler } from './webhook-send.service.js';
import { webhookWakeUp } from './webhook-wake.service.js';
import { registerWebhookRoutes } from './webhook.routes.js';
import * as tables from './webhook.table.js';

/** Webhooks (contract section 23): above the ticket module, whose events it sends; below triggers. */
export const webhookModule: ModuleManifest = {
  name: 'webhook',
  tables: { ...tables },
  register: (app, ctx) => registerWebhookRoutes(app, ctx.db),
  jobs: {
    handlers: [webhookSendHandler],
    defaults: [
      {
        name: 'Send webhooks',
        jobGroup: 'system',
        className: webhookSendHandler.className,
        cron: '*/5 * * * * ?',
        isStart: true,
        remark: 'Sends the queued webhook deliveries (the outbox), retrying with back-off for a day.',
      },
    ],
  },
  events: [queueWebhooksOfEvent],
  background: webhookWakeUp,
};
