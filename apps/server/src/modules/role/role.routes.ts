import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeSchema,
  idParamSchema,
  pageOf,
  permissionMatrixSaveSchema,
  permissionMatrixSchema,
  permissionQuerySchema,
  permissionSchema,
  queryBaseSchema,
  userSummarySchema,
} from '@casedesk/shared';
import type { Db } from '../../platform/db.js';
import { requireActor } from '../../platform/access.js';
import { ok } from '../../platform/envelope.js';
import { sendXlsx } from '../../platform/export.js';
import { callerLanguage } from '../../platform/translator.js';
import { registerResource } from '../../platform/resource.js';
import { userDirectory } from '../../platform/user-directory.js';
import { roleResource } from './role.resource.js';
import {
  getPermission,
  permissionExportColumns,
  permissionMatrix,
  permissionsForExport,
  queryPermissions,
  savePermissionMatrix,
} from './role.service.js';

const emptyBodyIsNoFilter = async (request: FastifyRequest) => {
  request.body ??= {};
};

export function registerRoleRoutes(app: FastifyInstance, db: Db) {
  registerResource(app, db, roleResource);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Role'];

  r.get(
    '/api/Role/Users/:key',
    {
      config: { access: 'role:view' },
      schema: {
        tags,
        params: idParamSchema,
        querystring: queryBaseSchema.omit({ orderBy: true }),
        response: { 200: envelopeSchema(pageOf(userSummarySchema)) },
      },
    },
    async (request) => {
      await roleResource.get(db, requireActor(request), request.params.key);
      return ok(await userDirectory().roleHolderPage(db, request.params.key, request.query));
    },
  );

  r.get(
    '/api/Role/PermissionMatrix',
    { config: { access: 'role:view' }, schema: { tags, response: { 200: envelopeSchema(permissionMatrixSchema) } } },
    async () => ok(await permissionMatrix(db)),
  );

  r.post(
    '/api/Role/SavePermissionMatrix',
    {
      config: { access: 'role:edit' },
      schema: {
        tags,
        body: permissionMatrixSaveSchema,
        response: { 200: envelopeSchema(z.object({ count: z.number().int() })) },
      },
    },
    async (request) => ok({ count: await savePermissionMatrix(db, requireActor(request), request.body) }),
  );

  // The permission registry is read-only: codes come from the shared list and are seeded at every start.
  const permissionTags = ['Permission'];
  const permissionPage = { 200: envelopeSchema(pageOf(permissionSchema)) };
  r.get(
    '/api/Permission/Get',
    {
      config: { access: 'role:view' },
      schema: { tags: permissionTags, querystring: permissionQuerySchema, response: permissionPage },
    },
    async (request) => ok(await queryPermissions(db, request.query)),
  );
  r.get(
    '/api/Permission/Get/:key',
    {
      config: { access: 'role:view' },
      schema: { tags: permissionTags, params: idParamSchema, response: { 200: envelopeSchema(permissionSchema) } },
    },
    async (request) => ok(await getPermission(db, request.params.key)),
  );
  r.post(
    '/api/Permission/Query',
    {
      config: { access: 'role:view' },
      preValidation: emptyBodyIsNoFilter,
      schema: { tags: permissionTags, body: permissionQuerySchema, response: permissionPage },
    },
    async (request) => ok(await queryPermissions(db, request.body)),
  );
  r.post(
    '/api/Permission/Export',
    {
      config: { access: 'role:export' },
      preValidation: emptyBodyIsNoFilter,
      schema: { tags: permissionTags, body: permissionQuerySchema },
    },
    async (request, reply) =>
      sendXlsx(
        reply,
        callerLanguage(request),
        'Permission.xlsx',
        'Permission',
        permissionExportColumns,
        permissionsForExport(db, request.body),
      ),
  );
}
