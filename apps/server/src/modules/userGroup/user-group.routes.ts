import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, idParamSchema, userGroupNodeSchema, userGroupSchema } from '@casedesk/shared';
import type { Db } from '../../db/database.js';
import { requireActor } from '../../platform/access.js';
import { ok, present } from '../../platform/envelope.js';
import { registerResource, type ResourceService } from '../../platform/resource.js';
import { addGroup, groupTree, setDefaultGroup, updateGroup, userGroupResource } from './user-group.service.js';

/** The generic calls, with the default-group rule behind Add and Update. */
export const userGroupService: ResourceService = { ...userGroupResource, add: addGroup, update: updateGroup };

export function registerUserGroupRoutes(app: FastifyInstance, db: Db) {
  registerResource(app, db, userGroupService);
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
