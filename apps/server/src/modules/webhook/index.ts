// The module's public face: its tables first (other modules may read them), then the manifest.
export * from './webhook.table.js';
// The outbox: other modules (triggers) queue deliveries in their own transaction.
export { queueWebhooks, type WebhookMessage } from './webhook-outbox.service.js';

import type { ModuleManifest } from '../../platform/module.js';
import * as tables from './webhook.table.js';

/** Webhooks (contract section 23): above the ticket module, whose events it sends; below triggers. */
export const webhookModule: ModuleManifest = {
  name: 'webhook',
  tables: { ...tables },
};
