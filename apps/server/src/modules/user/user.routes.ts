import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeSchema,
  idListSchema,
  idParamSchema,
  pageOf,
  userCountSchema,
  userEraseSchema,
  userOnOffSchema,
  userQuerySchema,
  userResetPasswordSchema,
  userSchema,
} from '@casedesk/shared';
import type { Db } from '../../platform/db.js';
import { requireActor } from '../../platform/access.js';
import { ok, present } from '../../platform/envelope.js';
import { sendXlsx } from '../../platform/export.js';
import { callerLanguage } from '../../platform/translator.js';
import { registerResource } from '../../platform/resource.js';
import { resetPassword, restoreUsers, setLocked, setStatus } from './user.service.js';
import { eraseUser, sendPersonalData } from './user-personal-data.service.js';
import { deletedUserResource, userExportColumns, userResource } from './user.resource.js';

const emptyBodyIsNoFilter = async (request: FastifyRequest) => {
  request.body ??= {};
};

export function registerUserRoutes(app: FastifyInstance, db: Db, dataDir: string) {
  registerResource(app, db, userResource);

  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['User'];
  const countResponse = { 200: envelopeSchema(userCountSchema) };

  r.post(
    '/api/User/QueryDeleted',
    {
      config: { access: 'user:view' },
      preValidation: emptyBodyIsNoFilter,
      schema: { tags, body: userQuerySchema, response: { 200: envelopeSchema(pageOf(userSchema)) } },
    },
    async (request) => {
      const page = await deletedUserResource.query(db, requireActor(request), request.body);
      return ok({ items: page.items.map((row) => present(row)), total: page.total });
    },
  );

  r.post(
    '/api/User/ExportDeleted',
    { config: { access: 'user:export' }, preValidation: emptyBodyIsNoFilter, schema: { tags, body: userQuerySchema } },
    async (request, reply) => {
      const rows = deletedUserResource.rowsForExport(db, requireActor(request), request.body);
      return sendXlsx(reply, callerLanguage(request), 'DeletedUsers.xlsx', 'DeletedUser', userExportColumns, rows);
    },
  );

  r.post(
    '/api/User/Restore',
    { config: { access: 'user:restore' }, schema: { tags, body: idListSchema, response: countResponse } },
    async (request) => ok({ count: await restoreUsers(db, requireActor(request), request.body) }),
  );

  r.post(
    '/api/User/Lock',
    { config: { access: 'user:unlock' }, schema: { tags, body: idListSchema, response: countResponse } },
    async (request) => ok({ count: await setLocked(db, requireActor(request), request.body, true) }),
  );

  r.post(
    '/api/User/Unlock',
    { config: { access: 'user:unlock' }, schema: { tags, body: idListSchema, response: countResponse } },
    async (request) => ok({ count: await setLocked(db, requireActor(request), request.body, false) }),
  );

  r.post(
    '/api/User/OnOff',
    { config: { access: 'user:onOff' }, schema: { tags, body: userOnOffSchema, response: countResponse } },
    async (request) => ok({ count: await setStatus(db, requireActor(request), request.body) }),
  );

  r.get(
    '/api/User/PersonalData/:key',
    { config: { access: 'user:edit' }, schema: { tags, params: idParamSchema } },
    async (request, reply) => sendPersonalData(reply, db, requireActor(request), request.params.key, dataDir),
  );

  r.post(
    '/api/User/Erase',
    {
      config: { access: 'user:delete' },
      schema: { tags, body: userEraseSchema, response: { 200: envelopeSchema(userSchema) } },
    },
    async (request) => ok(present(await eraseUser(db, requireActor(request), request.body))),
  );

  r.post(
    '/api/User/ResetPassword',
    {
      config: { access: 'user:edit' },
      schema: { tags, body: userResetPasswordSchema, response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      await resetPassword(db, requireActor(request), request.body);
      return ok(null);
    },
  );
}
