import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, idParamSchema, userGroupNodeSchema, userGroupSchema } from '@casedesk/shared';
import type { Db } from '../../platform/db.js';
import { requireActor } from '../../platform/access.js';
import { ok, present } from '../../platform/envelope.js';
import { registerResource } from '../../platform/resource.js';
import { userGroupResource } from './user-group.resource.js';
import { groupTree, setDefaultGroup } from './user-group.service.js';

export function registerUserGroupRoutes(app: FastifyInstance, db: Db) {
  registerResource(app, db, userGroupResource);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['UserGroup'];

  r.get(
    '/api/UserGroup/Tree',
    {
      config: { access: 'userGroup:view' },
      schema: { tags, response: { 200: envelopeSchema(z.array(userGroupNodeSchema)) } },
    },
    async () => ok(await groupTree(db)),
  );

  r.post(
    '/api/UserGroup/SetDefault/:key',
    {
      config: { access: 'userGroup:edit' },
      schema: { tags, params: idParamSchema, response: { 200: envelopeSchema(userGroupSchema) } },
    },
    async (request) => ok(present(await setDefaultGroup(db, requireActor(request), request.params.key))),
  );
}
