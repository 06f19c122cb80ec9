import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeSchema,
  idParamSchema,
  menuApisSchema,
  menuNodeSchema,
  menuSaveApisSchema,
  webMenuSchema,
} from '@casedesk/shared';
import type { Db } from '../../platform/db.js';
import { requireActor } from '../../platform/access.js';
import { ok } from '../../platform/envelope.js';
import { registerResource } from '../../platform/resource.js';
import { menuApis, menuTree, saveMenuApis, webMenus } from './menu.service.js';
import { menuResource } from './menu.resource.js';

export function registerMenuRoutes(app: FastifyInstance, db: Db) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Menu'];
  // Read from the table on every call (no cache): an edited menu shows on the next call.
  r.get(
    '/api/Menu/WebMenus',
    {
      config: { access: 'authenticated' },
      schema: { tags, response: { 200: envelopeSchema(z.array(webMenuSchema)) } },
    },
    async (request) => ok(await webMenus(db, requireActor(request))),
  );

  registerResource(app, db, menuResource);

  r.get(
    '/api/Menu/Tree',
    { config: { access: 'menu:view' }, schema: { tags, response: { 200: envelopeSchema(z.array(menuNodeSchema)) } } },
    async () => ok(await menuTree(db)),
  );
  r.get(
    '/api/Menu/Apis/:key',
    {
      config: { access: 'menu:view' },
      schema: { tags, params: idParamSchema, response: { 200: envelopeSchema(menuApisSchema) } },
    },
    async (request) => {
      const apis = await menuApis(db, request.params.key);
      return ok({ menuId: request.params.key, apis });
    },
  );
  r.post(
    '/api/Menu/SaveApis',
    {
      config: { access: 'menu:edit' },
      schema: { tags, body: menuSaveApisSchema, response: { 200: envelopeSchema(menuApisSchema) } },
    },
    async (request) => {
      const apis = await saveMenuApis(db, requireActor(request), request.body);
      return ok({ menuId: request.body.menuId, apis });
    },
  );
}
