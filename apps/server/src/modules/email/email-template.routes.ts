import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  emailTemplatePreviewResultSchema,
  emailTemplatePreviewSchema,
  emailTemplateVariableListSchema,
  emailTemplateVariables,
  envelopeSchema,
} from '@casedesk/shared';
import { requireActor } from '../../platform/access.js';
import type { Db } from '../../platform/db.js';
import { ok } from '../../platform/envelope.js';
import { registerResource } from '../../platform/resource.js';
import { emailTemplateResource } from './email-template.resource.js';
import { previewTemplate } from './email-template.service.js';

export function registerEmailTemplateRoutes(app: FastifyInstance, db: Db) {
  registerResource(app, db, emailTemplateResource);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['EmailTemplate'];
  const base = '/api/EmailTemplate';

  r.post(
    `${base}/Preview`,
    {
      config: { access: 'emailTemplate:view' },
      schema: {
        tags,
        body: emailTemplatePreviewSchema,
        response: { 200: envelopeSchema(emailTemplatePreviewResultSchema) },
      },
    },
    async (request) => ok(await previewTemplate(db, requireActor(request), request.body)),
  );
  r.get(
    `${base}/Variables`,
    {
      config: { access: 'emailTemplate:view' },
      schema: { tags, response: { 200: envelopeSchema(emailTemplateVariableListSchema) } },
    },
    async () => ok(emailTemplateVariables.map((v) => ({ ...v, events: v.events && [...v.events] }))),
  );
}
