import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema, webhookDeliverySchema, webhookRedeliverSchema, webhookTestSchema } from '@casedesk/shared';
import type { Db } from '../../platform/db.js';
import { requireActor } from '../../platform/access.js';
import { ok, present } from '../../platform/envelope.js';
import { registerResource } from '../../platform/resource.js';
import { redeliverWebhook, testWebhook } from './webhook-delivery.service.js';
import { webhookDeliveryResource, webhookResource } from './webhook.resource.js';

/** `/api/Webhook/...` (the generic calls, Redeliver, Test) and `/api/WebhookDelivery/...` (the log, read only). */
export function registerWebhookRoutes(app: FastifyInstance, db: Db) {
  registerResource(app, db, webhookResource);
  registerResource(app, db, webhookDeliveryResource);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Webhook'];
  r.post(
    '/api/Webhook/Redeliver',
    {
      config: { access: 'webhook:redeliver' },
      schema: { tags, body: webhookRedeliverSchema, response: { 200: envelopeSchema(webhookDeliverySchema) } },
    },
    async (request) => ok(present(await redeliverWebhook(db, requireActor(request), request.body.deliveryId))),
  );
  r.post(
    '/api/Webhook/Test',
    {
      config: { access: 'webhook:test' },
      schema: { tags, body: webhookTestSchema, response: { 200: envelopeSchema(webhookDeliverySchema) } },
    },
    async (request) => ok(present(await testWebhook(db, requireActor(request), request.body.id))),
  );
}
