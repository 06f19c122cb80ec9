import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeSchema,
  idParamSchema,
  workflowCopySchema,
  workflowPublishSchema,
  workflowSchema,
  workflowVersionSchema,
} from '@casedesk/shared';
import { requireActor } from '../../platform/access.js';
import type { Db } from '../../platform/db.js';
import { ok, present } from '../../platform/envelope.js';
import { registerResource } from '../../platform/resource.js';
import { workflowRegistryResource } from './workflow-registry.resource.js';
import { workflowResource } from './workflow.resource.js';
import { copyWorkflow, publishWorkflow, setWorkflowEnabled, workflowVersions } from './workflow.service.js';

const codeParamSchema = z.object({ code: z.string().trim().min(1).max(50) });

/** Definitions (with publish, versions, copy, disable/enable) and the registry; the engine registers its own. */
export function registerWorkflowDefinitionRoutes(app: FastifyInstance, db: Db) {
  registerResource(app, db, workflowResource);
  registerResource(app, db, workflowRegistryResource);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Workflow'];
  const recordResponse = { 200: envelopeSchema(workflowSchema) };

  r.post(
    '/api/Workflow/Publish/:key',
    {
      config: { access: 'workflow:edit' },
      schema: { tags, params: idParamSchema, body: workflowPublishSchema, response: recordResponse },
    },
    async (request) => ok(present(await publishWorkflow(db, requireActor(request), request.params.key, request.body))),
  );

  r.get(
    '/api/Workflow/Versions/:code',
    {
      config: { access: 'workflow:view' },
      schema: { tags, params: codeParamSchema, response: { 200: envelopeSchema(z.array(workflowVersionSchema)) } },
    },
    async (request) => ok((await workflowVersions(db, request.params.code)).map(present)),
  );

  r.post(
    '/api/Workflow/Copy/:key',
    {
      config: { access: 'workflow:create' },
      schema: { tags, params: idParamSchema, body: workflowCopySchema, response: recordResponse },
    },
    async (request) => ok(present(await copyWorkflow(db, requireActor(request), request.params.key, request.body))),
  );

  for (const [action, enabled] of [
    ['Disable', false],
    ['Enable', true],
  ] as const)
    r.post(
      `/api/Workflow/${action}/:key`,
      {
        config: { access: 'workflow:edit' },
        schema: { tags, params: idParamSchema, response: recordResponse },
      },
      async (request) => ok(present(await setWorkflowEnabled(db, requireActor(request), request.params.key, enabled))),
    );
}
